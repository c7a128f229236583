"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import type { TokenAnswer } from "@/lib/contract/auth";
import { clientRegistration } from "@/lib/contract/invites";
import { ApiError } from "@/lib/api/client";
import { acceptInvite, type InviteInfo } from "@/lib/api/links";
import { PASSWORD_MIN } from "@/lib/constants";
import { maskCep, maskClientCode, maskCpf, maskNumber, maskPhone } from "@/lib/format/masks";
import { linksMessages } from "@/lib/i18n/sections/links";
import { registerMessages } from "@/lib/i18n/sections/register";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { cpfSchema, phoneSchema, requiredSchema } from "@/lib/validation/schemas";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { passwordPairError } from "./password-fields";

const l = linksMessages;

type ClientType = "juridicPerson" | "individual";
type Values = {
  name: string;
  code: string;
  email: string;
  phone: string;
  cep: string;
  street: string;
  number: string;
  neighboor: string;
  city: string;
  state: string;
  userName: string;
  userCode: string;
  userPhone: string;
  password: string;
  confirm: string;
};
type Key = keyof Values;
type Errors = Partial<Record<Key, string>>;

const EMPTY: Values = {
  name: "",
  code: "",
  email: "",
  phone: "",
  cep: "",
  street: "",
  number: "",
  neighboor: "",
  city: "",
  state: "",
  userName: "",
  userCode: "",
  userPhone: "",
  password: "",
  confirm: "",
};

/** The contract's error paths (`client.address.cep`, `code`...) to this form's fields. */
const SERVER_PATHS: Record<string, Key> = {
  "client.name": "name",
  "client.code": "code",
  "client.email": "email",
  "client.phone": "phone",
  "client.address.cep": "cep",
  "client.address.street": "street",
  "client.address.number": "number",
  "client.address.neighboor": "neighboor",
  "client.address.city": "city",
  "client.address.state": "state",
  name: "userName",
  code: "userCode",
  phone: "userPhone",
  password: "password",
};

const maskState = (value: string) =>
  value
    .replace(/[^a-zA-Z]/g, "")
    .slice(0, 2)
    .toUpperCase();

type Props = {
  token: string;
  info: InviteInfo;
  onAccepted: (answer: TokenAnswer) => void;
  onInvalid: () => void;
};

/**
 * The client company's registration from its invite: the company (type, Razão Social or
 * Nome Completo, CNPJ or CPF, E-mail, Telefone, address) and its first user (Nome, CPF, Telefone, Senha
 * twice) — or, when the e-mail already has a login, that login's current password. Masks as typed;
 * §5 messages beside the labels, cleared on typing; the server checks the same rules with the same words.
 */
export function ClientRegisterForm({ token, info, onAccepted, onInvalid }: Props) {
  const [type, setType] = useState<ClientType>("juridicPerson");
  // The company's e-mail starts as the invited one (usually the company's own address); it may change.
  const [values, setValues] = useState<Values>({ ...EMPTY, email: info.email });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const juridic = type === "juridicPerson";

  const set = (key: Key, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  function company() {
    return {
      type,
      name: values.name,
      code: values.code,
      email: values.email,
      phone: values.phone,
      address: {
        cep: values.cep,
        street: values.street,
        number: values.number,
        neighboor: values.neighboor,
        city: values.city,
        state: values.state,
      },
    };
  }

  function check(): Errors {
    const found: Errors = {};
    const parsed = clientRegistration.safeParse(company());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = SERVER_PATHS[["client", ...issue.path].join(".")];
        if (key && !found[key]) found[key] = issue.message;
      }
    }
    if (info.userExists) {
      if (values.password.length < PASSWORD_MIN) found.password = validationMessages.password;
      return found;
    }
    const firstError = (
      schema: { safeParse: (v: string) => { success: boolean; error?: { issues: { message: string }[] } } },
      value: string,
    ) => {
      const result = schema.safeParse(value);
      return result.success ? undefined : result.error?.issues[0]?.message;
    };
    found.userName = firstError(requiredSchema, values.userName);
    found.userCode = firstError(cpfSchema, values.userCode);
    found.userPhone = firstError(phoneSchema, values.userPhone);
    const pair = passwordPairError({ password: values.password, confirm: values.confirm });
    if (pair === validationMessages.password) found.password = pair;
    else if (pair) found.confirm = pair;
    return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as Errors;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(registerMessages.signup.fixFields);
      return;
    }
    setSaving(true);
    try {
      const user = info.userExists
        ? {}
        : { name: values.userName.trim(), code: values.userCode, phone: values.userPhone };
      onAccepted(await acceptInvite({ token, password: values.password, ...user, client: company() }));
    } catch (failure) {
      setSaving(false);
      if (failure instanceof ApiError && failure.status === 404) return onInvalid();
      if (failure instanceof ApiError && failure.fields.length > 0) {
        const mapped: Errors = {};
        for (const field of failure.fields) {
          const key = SERVER_PATHS[field.path];
          if (key) mapped[key] ??= field.message;
        }
        setErrors(mapped);
        setFormError(Object.keys(mapped).length > 0 ? registerMessages.signup.fixFields : failure.message);
        return;
      }
      setFormError(failure instanceof Error ? failure.message : validationMessages.connection);
    }
  }

  const field = (
    key: Key,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> & { mask?: (v: string) => string } = {},
  ) => {
    const { mask, ...input } = extra;
    return (
      <TextField
        compact
        label={label}
        name={key}
        value={values[key]}
        readOnly={saving}
        error={errors[key]}
        onChange={(e) => set(key, mask ? mask(e.target.value) : e.target.value)}
        {...input}
      />
    );
  };

  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3">
      <Section title={l.clientCompany}>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-fg">{l.clientType}</legend>
          <div className="mt-0.5 flex flex-wrap gap-1">
            {(["juridicPerson", "individual"] as const).map((option) => (
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
                  checked={type === option}
                  disabled={saving}
                  className="accent-[var(--color-primary)]"
                  onChange={() => {
                    setType(option);
                    setValues((current) => ({ ...current, code: maskClientCode(option, current.code) }));
                    setErrors(({ code: _code, name: _name, ...rest }) => rest);
                  }}
                />
                {l[option]}
              </label>
            ))}
          </div>
        </fieldset>
        {field("name", juridic ? l.corporateName : l.fullName, {
          autoComplete: juridic ? "organization" : "name",
          className: "sm:col-span-2",
        })}
        {field("code", juridic ? l.cnpj : l.cpf, {
          mask: (v) => maskClientCode(type, v),
          inputMode: "numeric",
          placeholder: juridic ? "00.000.000/0000-00" : "000.000.000-00",
        })}
        {field("phone", l.phone, { mask: maskPhone, inputMode: "tel", placeholder: "(00) 0 0000-0000" })}
        {field("email", l.email, { type: "email", inputMode: "email", className: "sm:col-span-2" })}
      </Section>
      <Section title={l.clientAddress}>
        {field("cep", l.cep, {
          mask: maskCep,
          inputMode: "numeric",
          autoComplete: "postal-code",
          placeholder: "00000-000",
        })}
        {field("number", l.number, { mask: maskNumber, inputMode: "numeric" })}
        {field("street", l.street, { autoComplete: "address-line1", className: "sm:col-span-2" })}
        {field("neighboor", l.neighborhood)}
        {field("city", l.city, { autoComplete: "address-level2" })}
        {field("state", l.state, { mask: maskState, autoComplete: "address-level1", placeholder: "UF" })}
      </Section>
      <Section title={l.clientUser}>
        {info.userExists ? (
          <>
            <p className="rounded-theme bg-surface-2 px-1.5 py-1 text-sm text-muted sm:col-span-2">
              {l.clientExisting}
            </p>
            {field("password", l.password, { type: "password", autoComplete: "current-password" })}
          </>
        ) : (
          <>
            {field("userName", l.name, { autoComplete: "name", className: "sm:col-span-2" })}
            {field("userCode", l.cpf, { mask: maskCpf, inputMode: "numeric", placeholder: "000.000.000-00" })}
            {field("userPhone", l.phone, {
              mask: maskPhone,
              inputMode: "tel",
              autoComplete: "tel",
              placeholder: "(00) 0 0000-0000",
            })}
            {field("password", l.password, { type: "password", autoComplete: "new-password" })}
            {field("confirm", l.confirm, { type: "password", autoComplete: "new-password" })}
          </>
        )}
      </Section>
      {formError ? (
        <p role="alert" className="rounded-theme bg-danger-soft px-1.5 py-1 text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={saving}>
        {l.clientSubmit}
      </Button>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-theme border border-border p-2">
      <h2 className="text-sm font-semibold text-primary">{title}</h2>
      <div className="mt-1 grid gap-1.5 sm:grid-cols-2">{children}</div>
    </section>
  );
}
