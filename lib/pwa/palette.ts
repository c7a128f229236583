// The palette tokens (app/globals.css) the browser needs outside CSS: the theme-color metas of every
// page (app/layout.tsx) and the web manifest's colours (app/manifest.ts). tests/unit/pwa-rules.test.ts
// checks they equal the tokens of globals.css.

/** --canvas of the light and dark themes: the page's ground, which the browser's bars take on. */
export const CANVAS = { light: "#f3f6f5", dark: "#0a1312" } as const;
/** --brand (light): the logo's green, the installed app's theme colour. */
export const BRAND = "#0d6b61";
