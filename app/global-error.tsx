"use client";

import { useEffect } from "react";
import { applyTheme, getStoredTheme, systemTheme } from "@/components/shell/theme";
import { errorPageMessages as t } from "@/lib/i18n/sections/errorPage";
import "./globals.css";

// Shown instead of the whole page when rendering fails in the browser (Next's own page is in English).
// It replaces the root layout, so it brings its <html>, the stylesheet and the theme class back itself.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    applyTheme(getStoredTheme() ?? systemTheme());
    console.error(error);
  }, [error]);

  return (
    <html lang="pt-BR" suppressHydrationWarning>
      <head>
        <title>Bloco</title>
      </head>
      <body>
        <main className="grid min-h-dvh place-items-center bg-canvas p-2 text-fg">
          <section
            role="alert"
            aria-labelledby="global-error-title"
            className="flex max-w-[480px] flex-col gap-1.5 rounded-theme border border-border bg-surface p-3 shadow-sm"
          >
            <h1 id="global-error-title" className="text-2xl font-bold tracking-tight">
              {t.title}
            </h1>
            <p className="text-muted">{t.text}</p>
            <div className="mt-1 flex flex-wrap gap-1">
              <button
                type="button"
                onClick={() => reset()}
                className={
                  "inline-flex h-5 cursor-pointer items-center rounded-theme bg-primary px-2 " +
                  "font-semibold text-primary-fg hover:bg-primary-hover focus-visible:outline-3 " +
                  "focus-visible:outline-offset-2 focus-visible:outline-primary"
                }
              >
                {t.retry}
              </button>
              {/* A full load, not a client navigation: the app's state is what failed. */}
              <a
                href="/home"
                className={
                  "inline-flex h-5 items-center rounded-theme border border-border px-2 " +
                  "font-semibold hover:bg-surface-2 focus-visible:outline-3 " +
                  "focus-visible:outline-offset-2 focus-visible:outline-primary"
                }
              >
                {t.home}
              </a>
            </div>
            {error.digest ? <p className="text-xs text-muted">{t.code(error.digest)}</p> : null}
          </section>
        </main>
      </body>
    </html>
  );
}
