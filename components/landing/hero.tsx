import { landingMessages } from "@/lib/i18n/sections/landing";
import { Button } from "@/components/ui/button";
import { CreateAccountDialog } from "./create-account-dialog";
import { ScrollLink } from "./scroll-link";

const m = landingMessages;

/** Section 'Inicio': the promise, two calls to action and a glimpse of a client's month. */
export function Hero() {
  return (
    <section id="Inicio" className="relative scroll-mt-14 overflow-hidden lg:scroll-mt-9">
      <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
      <div
        className={
          "relative mx-auto grid max-w-[1200px] items-center gap-6 px-2 py-8 sm:px-3 " +
          "lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:py-12"
        }
      >
        <div>
          <p className="inline-flex rounded-full bg-primary-soft px-1.5 py-0.5 text-sm font-semibold text-primary">
            {m.eyebrow}
          </p>
          <h1 className="mt-2 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {m.headline}
          </h1>
          <p className="mt-2 max-w-[38em] text-lg leading-relaxed text-muted">{m.heroText}</p>
          <div className="mt-4 flex flex-wrap gap-1.5">
            <CreateAccountDialog trigger={<Button size="lg">{m.heroPrimary}</Button>} />
            <ScrollLink
              to="ComoFunciona"
              className={
                "inline-flex h-6 cursor-pointer items-center rounded-theme border border-border " +
                "bg-surface px-3 text-[15px] font-semibold hover:bg-surface-2"
              }
            >
              {m.heroSecondary}
            </ScrollLink>
          </div>
          <p className="mt-2 text-sm text-muted">{m.heroNote}</p>
        </div>
        <MonthCard />
      </div>
    </section>
  );
}

const stats = [
  { label: m.heroCard.received, value: "128", color: "bg-primary" },
  { label: m.heroCard.uncategorized, value: "14", color: "bg-status-uncategorized" },
  { label: m.heroCard.pendencies, value: "3", color: "bg-status-pendency" },
  { label: m.heroCard.contabilized, value: "111", color: "bg-status-contabilized" },
];

/** An illustration built from the product's own vocabulary (status colours of spec §9). */
function MonthCard() {
  return (
    <div
      aria-hidden="true"
      className="rounded-theme border border-border bg-surface p-3 shadow-[0_24px_48px_-24px_rgb(0_0_0/0.35)]"
    >
      <p className="text-sm font-semibold text-muted">{m.heroCard.title}</p>
      <p className="mt-0.5 text-lg font-semibold">{m.heroCard.client}</p>
      <div className="mt-2 grid grid-cols-2 gap-1">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-theme bg-surface-2 p-1.5">
            <span className="flex items-center gap-1 text-xs text-muted">
              <span className={`size-1 rounded-full ${stat.color}`} />
              {stat.label}
            </span>
            <span className="mt-0.5 block text-2xl font-bold tabular-nums">{stat.value}</span>
          </div>
        ))}
      </div>
      <div className="mt-2 h-1 overflow-hidden rounded-full bg-surface-2">
        <div className="h-full w-[87%] rounded-full bg-status-contabilized" />
      </div>
    </div>
  );
}
