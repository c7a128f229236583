"use client";

import { useEffect, useRef, useState } from "react";
import { colorlabMessages } from "@/lib/i18n/sections/colorlab";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

// Every theme token of app/globals.css. The hex values are read from the stylesheet at run time
// (getComputedStyle on a .light / .dark wrapper), so this screen can never disagree with the theme.
const TOKENS = [
  "canvas",
  "surface",
  "surface-2",
  "fg",
  "muted",
  "border",
  "border-strong",
  "primary",
  "primary-hover",
  "primary-fg",
  "primary-soft",
  "danger",
  "danger-soft",
  "danger-fg",
  "brand-deep",
  "brand",
] as const;
const c = colorlabMessages;
const STATUS = [
  { token: "status-green", label: c.statusNames.shared },
  { token: "status-purple", label: c.statusNames.uncategorized },
  { token: "status-orange", label: c.statusNames.pendency },
] as const;

function useTokenValues(names: readonly string[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!ref.current) return;
    const style = getComputedStyle(ref.current);
    setValues(Object.fromEntries(names.map((name) => [name, style.getPropertyValue(`--${name}`).trim()])));
  }, [names]);
  return { ref, values };
}

const ALL = [...TOKENS, ...STATUS.map((status) => status.token)];

function Swatch({ name, label, value }: { name: string; label?: string; value: string | undefined }) {
  return (
    <li className="flex items-center gap-1.5">
      <span className="size-5 shrink-0 rounded-theme border border-border" style={{ background: `var(--${name})` }} />
      <span className="min-w-0">
        <span className="block truncate font-mono text-sm">--{name}</span>
        <span className="block text-xs text-muted">
          {label ? `${label} · ` : ""}
          <span className="font-mono uppercase">{value || "…"}</span>
        </span>
      </span>
    </li>
  );
}

/** One palette: the wrapper's class flips every variable below it. */
export function Palette({ theme }: { theme: "light" | "dark" }) {
  const { ref, values } = useTokenValues(ALL);
  return (
    <section
      ref={ref}
      aria-label={theme === "light" ? c.light : c.dark}
      className={cn(theme, "rounded-theme border border-border bg-canvas p-3 text-fg")}
    >
      <h2 className="text-xl font-semibold">{theme === "light" ? c.light : c.dark}</h2>
      <h3 className="mt-2 text-sm font-semibold text-muted">{c.tokens}</h3>
      <ul className="mt-1 grid gap-1.5 sm:grid-cols-2">
        {TOKENS.map((name) => (
          <Swatch key={name} name={name} value={values[name]} />
        ))}
      </ul>
      <h3 className="mt-3 text-sm font-semibold text-muted">{c.status}</h3>
      <ul className="mt-1 grid gap-1.5">
        {STATUS.map((status) => (
          <Swatch key={status.token} name={status.token} label={status.label} value={values[status.token]} />
        ))}
      </ul>
      <h3 className="mt-3 text-sm font-semibold text-muted">{c.sample}</h3>
      <div className="mt-1 flex flex-wrap items-center gap-1 rounded-theme bg-surface p-2">
        <Button>{c.button}</Button>
        <Button variant="secondary">{c.button}</Button>
        <Button variant="ghost">{c.button}</Button>
        <span className="rounded-theme bg-danger-soft px-1 py-0.5 text-sm text-danger">{validationMessages.empty}</span>
      </div>
    </section>
  );
}
