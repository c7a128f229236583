import type { ReactNode } from "react";
import { linksMessages } from "@/lib/i18n/sections/links";
import type { ClientType } from "./client-register-values";

const l = linksMessages;
const TYPES = ["juridicPerson", "individual"] as const;

/** A titled group of the registration form: its fields in a two-column grid from sm up. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-theme border border-border p-2">
      <h2 className="text-sm font-semibold text-primary">{title}</h2>
      <div className="mt-1 grid gap-1.5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

type ClientTypeFieldProps = { value: ClientType; disabled: boolean; onChange: (type: ClientType) => void };

/** Pessoa jurídica or Pessoa física: two radio buttons styled as choices. */
export function ClientTypeField({ value, disabled, onChange }: ClientTypeFieldProps) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-fg">{l.clientType}</legend>
      <div className="mt-0.5 flex flex-wrap gap-1">
        {TYPES.map((option) => (
          <label
            key={option}
            className={
              "flex h-5 cursor-pointer items-center gap-1 rounded-theme border border-border " +
              "px-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft " +
              "has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-primary/15"
            }
          >
            <input
              type="radio"
              name="client-type"
              value={option}
              checked={value === option}
              disabled={disabled}
              className="accent-[var(--color-primary)]"
              onChange={() => onChange(option)}
            />
            {l[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
