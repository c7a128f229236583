import { colorlabMessages } from "@/lib/i18n/sections/colorlab";
import { Logo } from "@/components/ui/logo";
import { Palette } from "./palette";

const c = colorlabMessages;
const SPACING = [0.5, 1, 1.5, 2, 3, 4];

/** /colorlab (spec §2 "internal"): both palettes side by side, the radius and the spacing unit. */
export function ColorlabScreen() {
  return (
    <main className="mx-auto max-w-[1280px] px-2 py-4 sm:px-3">
      <Logo />
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{c.title}</h1>
      <p className="mt-0.5 text-muted">{c.text}</p>
      <div className="mt-3 grid gap-2 lg:grid-cols-2">
        <Palette theme="light" />
        <Palette theme="dark" />
      </div>
      <div className="mt-2 grid gap-2 lg:grid-cols-2">
        <section aria-labelledby="colorlab-radius" className="rounded-theme border border-border bg-surface p-3">
          <h2 id="colorlab-radius" className="text-xl font-semibold">
            {c.radius}
          </h2>
          <p className="text-sm text-muted">{c.radiusText}</p>
          <div className="mt-2 flex gap-2">
            <span className="size-8 rounded-theme bg-primary" />
            <span className="size-8 rounded-theme border-2 border-primary" />
          </div>
        </section>
        <section aria-labelledby="colorlab-spacing" className="rounded-theme border border-border bg-surface p-3">
          <h2 id="colorlab-spacing" className="text-xl font-semibold">
            {c.spacing}
          </h2>
          <p className="text-sm text-muted">{c.spacingText}</p>
          <ul className="mt-2 flex flex-col gap-1">
            {SPACING.map((units) => (
              <li key={units} className="flex items-center gap-1.5 text-sm">
                <span className="w-6 font-mono text-muted">{units * 8}px</span>
                <span className="h-2 rounded-sm bg-primary" style={{ width: `calc(var(--spacing) * ${units})` }} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
