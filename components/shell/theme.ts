// Light/dark theme: a class on <html>. Until the user flips 'Modo Escuro' the theme follows
// prefers-color-scheme; the choice, once made, is kept in localStorage.

export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "bloco.theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

/** Runs in <head> before first paint, so a dark-mode user never sees a white flash. */
export const themeInitScript =
  `(function(){try{var s=localStorage.getItem("${THEME_STORAGE_KEY}");` +
  `var d=s==="dark"||(s!=="light"&&matchMedia("${DARK_QUERY}").matches);` +
  `var c=document.documentElement.classList;c.toggle("dark",d);c.toggle("light",!d)}catch(e){}})()`;

export function getStoredTheme(): Theme | null {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === "dark" || stored === "light" ? stored : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

export function applyTheme(theme: Theme): void {
  const classes = document.documentElement.classList;
  classes.toggle("dark", theme === "dark");
  classes.toggle("light", theme === "light");
}

/** The user's explicit choice ('Modo Escuro' switch): stored and applied at once. */
export function chooseTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  applyTheme(theme);
}

/** Follows the system theme while the user has not chosen; returns the unsubscribe. */
export function followSystemTheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (getStoredTheme() === null) applyTheme(systemTheme());
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyTheme(getStoredTheme() ?? systemTheme());
  };
  media.addEventListener("change", onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    media.removeEventListener("change", onChange);
    window.removeEventListener("storage", onStorage);
  };
}
