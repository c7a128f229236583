import { registerMessages } from "@/lib/i18n/sections/register";
import { LOGIN_PATH } from "@/lib/routes";
import type { RegisterData } from "./register-state";
import { AppLink } from "@/components/ui/app-link";

const s = registerMessages.summary;
const d = registerMessages.signup;
const f = registerMessages.fields;
// Must match server/register/signup.ts TRIAL_DAYS (the page says it, the server stores it).
const TRIAL_DAYS = 30;

type Row = { label: string; value: string };

function Group({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section className="rounded-theme border border-border p-2">
      <h2 className="text-sm font-semibold text-primary">{title}</h2>
      <dl className="mt-1 grid gap-x-2 gap-y-1 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-xs text-muted">{row.label}</dt>
            <dd className={row.value ? "font-medium break-words" : "text-muted italic"}>{row.value || s.empty}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const join = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");

/**
 * Step 4 (spec: "the fourth is not shown", so ours): the office exists; the link to set the password went to
 * `email`.
 */
export function SummaryStep({ data, email }: { data: RegisterData; email: string }) {
  const cityState = [data.city.trim(), data.state].filter(Boolean).join("/");
  return (
    <div className="flex flex-col gap-2">
      <div role="status" className="rounded-theme bg-primary-soft p-2 text-sm">
        <p className="font-semibold break-words">{d.doneText(email)}</p>
        <p className="mt-0.5 leading-relaxed text-muted">{d.trial(TRIAL_DAYS)}</p>
        <p className="mt-0.5 leading-relaxed text-muted">{d.spam}</p>
      </div>
      <Group
        title={s.profile}
        rows={[
          { label: `${f.firstName} ${f.lastName.toLowerCase()}`, value: `${data.firstName} ${data.lastName}`.trim() },
          { label: f.cpf, value: data.cpf },
          { label: f.phone, value: data.phone },
        ]}
      />
      <Group
        title={s.company}
        rows={[
          { label: f.companyName, value: data.companyName },
          { label: f.cnpj, value: data.cnpj },
          { label: f.email, value: data.email },
          { label: f.phone, value: data.companyPhone },
          { label: f.cep, value: data.cep },
          { label: f.street, value: join(`${data.street} ${data.number}`, data.neighborhood, cityState) },
        ]}
      />
      <AppLink
        href={LOGIN_PATH}
        className={
          "inline-flex h-6 items-center justify-center rounded-theme bg-primary px-3 " +
          "text-[15px] font-semibold text-primary-fg hover:bg-primary-hover"
        }
      >
        {s.login}
      </AppLink>
    </div>
  );
}
