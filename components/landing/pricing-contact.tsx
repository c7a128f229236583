import { Check } from "lucide-react";
import { landingMessages } from "@/lib/i18n/sections/landing";
import { Button } from "@/components/ui/button";
import { CreateAccountDialog } from "./create-account-dialog";
import { Section } from "./feature-sections";

const m = landingMessages;

/** Section 'CriarConta': the one plan (R$ 49,99 por mês) and the contact details (placeholders, spec §2). */
export function PricingContact() {
  return (
    <Section id="CriarConta" title={m.pricing.title} text={m.pricing.text}>
      <div className="grid gap-3 lg:grid-cols-2">
        <div className="rounded-theme border-2 border-primary bg-surface p-3 sm:p-4">
          <p className="text-sm font-semibold text-primary">{m.pricing.plan}</p>
          <p className="mt-1 flex items-baseline gap-1">
            <span className="text-5xl font-bold tracking-tight tabular-nums">{m.pricing.price}</span>
            <span className="text-muted">{m.pricing.period}</span>
          </p>
          <ul className="mt-3 flex flex-col gap-1">
            {m.pricing.features.map((feature) => (
              <li key={feature} className="flex items-center gap-1 text-sm">
                <Check aria-hidden="true" className="size-2 shrink-0 text-status-contabilized" strokeWidth={2.4} />
                {feature}
              </li>
            ))}
          </ul>
          <CreateAccountDialog
            trigger={
              <Button size="lg" className="mt-3 w-full">
                {m.pricing.cta}
              </Button>
            }
          />
        </div>
        <Contact />
      </div>
    </Section>
  );
}

function Contact() {
  const rows = [
    { label: m.contact.email, value: m.contact.emailValue },
    { label: m.contact.phone, value: m.contact.phoneValue },
    { label: m.contact.address, value: m.contact.addressValue },
  ];
  return (
    <div className="rounded-theme border border-border bg-surface p-3 sm:p-4">
      <h3 className="text-xl font-semibold">{m.contact.title}</h3>
      <p className="mt-0.5 text-sm text-muted">{m.contact.text}</p>
      <dl className="mt-3 flex flex-col gap-1.5">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-col">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{row.label}</dt>
            <dd className="font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 rounded-theme border border-dashed border-border-strong px-1.5 py-1 text-xs text-muted">
        {m.contact.placeholder}
      </p>
    </div>
  );
}
