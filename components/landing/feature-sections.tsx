import { AlignLeft, Bookmark, Calendar, Clock, Crosshair, Users, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { landingMessages } from "@/lib/i18n/sections/landing";

const m = landingMessages;

/** The frame of every landing section: spec id (scroll target), heading and intro. */
export function Section({
  id,
  title,
  text,
  tinted,
  children,
}: {
  id: string;
  title: string;
  text: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-14 py-8 lg:scroll-mt-9 lg:py-10 ${tinted ? "bg-surface" : ""}`}
    >
      <div className="mx-auto max-w-[1200px] px-2 sm:px-3">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mt-1 max-w-[40em] text-lg text-muted">{text}</p>
        <div className="mt-4">{children}</div>
      </div>
    </section>
  );
}

export function HowItWorks() {
  return (
    <Section id="ComoFunciona" title={m.how.title} text={m.how.text} tinted>
      <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {m.how.steps.map((step, index) => (
          <li key={step.title} className="rounded-theme border border-border bg-canvas p-2">
            <span className="grid size-4 place-items-center rounded-full bg-primary text-sm font-bold text-primary-fg">
              {index + 1}
            </span>
            <h3 className="mt-1.5 font-semibold">{step.title}</h3>
            <p className="mt-0.5 text-sm leading-relaxed text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
      <div
        className={
          "mt-3 flex flex-col items-start gap-2 rounded-theme bg-brand-deep p-3 text-white" +
          " sm:flex-row sm:items-center"
        }
      >
        <QrGlyph />
        <div>
          <h3 className="font-semibold">{m.how.qrTitle}</h3>
          <p className="mt-0.5 max-w-[48em] text-sm leading-relaxed text-white/75">{m.how.qrText}</p>
        </div>
      </div>
    </Section>
  );
}

function QrGlyph() {
  return (
    <svg
      viewBox="0 0 28 28"
      aria-hidden="true"
      className="size-7 shrink-0 rounded-theme bg-white p-0.5 text-brand-deep"
    >
      <path
        className="fill-current"
        d={
          "M2 2h9v9H2zm2 2v5h5V4zm13-2h9v9h-9zm2 2v5h5V4z" +
          "M2 17h9v9H2zm2 2v5h5v-5zm2-13h1v1H6zm15 0h1v1h-1zM6 21h1v1H6z" +
          "m8-19h2v3h-2zm0 5h2v2h-2zm-2 4h3v2h-3zm5 2h2v2h-2zm4 0h3v2h-3z" +
          "m-7 4h2v3h-2zm4 0h3v2h-3zm4 4h2v4h-2zm-5 2h3v2h-3zm9-6h2v2h-2z"
        }
      />
    </svg>
  );
}

const icons = [Calendar, Clock, Bookmark, Users, AlignLeft, Crosshair];

function Card({ title, text, icon: Glyph }: { title: string; text: string; icon: LucideIcon }) {
  return (
    <li className="rounded-theme border border-border bg-surface p-2">
      <span className="grid size-5 place-items-center rounded-theme bg-primary-soft text-primary">
        <Glyph aria-hidden="true" className="size-2.5" />
      </span>
      <h3 className="mt-1.5 font-semibold">{title}</h3>
      <p className="mt-0.5 text-sm leading-relaxed text-muted">{text}</p>
    </li>
  );
}

export function Advantages() {
  return (
    <Section id="Vantagens" title={m.advantages.title} text={m.advantages.text}>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {m.advantages.items.map((item, index) => (
          <Card key={item.title} {...item} icon={icons[index % icons.length]} />
        ))}
      </ul>
    </Section>
  );
}

export function Resources() {
  return (
    <Section id="Recursos" title={m.resources.title} text={m.resources.text} tinted>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {m.resources.items.map((item, index) => (
          <Card key={item.title} {...item} icon={icons[(index + 2) % icons.length]} />
        ))}
      </ul>
    </Section>
  );
}
