"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useForm, useWatch, type FieldPathByValue } from "react-hook-form";
import type { TokenAnswer } from "@/lib/contract/auth";
import { ApiError } from "@/lib/api/client";
import { acceptInvite, type InviteInfo } from "@/lib/api/links";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import { maskCep, maskClientCode, maskCpf, maskNumber, maskPhone } from "@/lib/format/masks";
import { linksMessages } from "@/lib/i18n/sections/links";
import { registerMessages } from "@/lib/i18n/sections/register";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { Button } from "@/components/ui/button";
import { FormTextField, type FormTextFieldProps } from "@/components/ui/form-text-field";
import { ClientTypeField, Section } from "./client-register-parts";
import {
  clientRegisterDefaults,
  isFormPath,
  maskState,
  type ClientRegisterContext,
  type ClientRegisterValues,
  type ClientType,
} from "./client-register-values";

const l = linksMessages;

/**
 * The §5 rules (./client-register-rules: the contract's schemas through the zod resolver) and zod with
 * them are fetched after the page, not with it: preloaded once the form shows, so they are there before
 * the first submit (scripts/measure-first-load.mjs).
 */
const rules = lazyResolver<ClientRegisterValues, ClientRegisterContext>(() =>
  import("./client-register-rules").then((module) => module.clientRegisterResolver),
);

type Props = {
  token: string;
  info: InviteInfo;
  onAccepted: (answer: TokenAnswer) => void;
  onInvalid: () => void;
};

type FieldProps = FormTextFieldProps<ClientRegisterValues, ClientRegisterContext, ClientRegisterValues>;

/**
 * The client company's registration from its invite: the company (type, Razão Social or
 * Nome Completo, CNPJ or CPF, E-mail, Telefone, address) and its first user (Nome, CPF, Telefone, Senha
 * twice) — or, when the e-mail already has a login, that login's current password. Masks as typed;
 * §5 messages beside the labels, cleared on typing; the server checks the same rules with the same words.
 */
export function ClientRegisterForm({ token, info, onAccepted, onInvalid }: Props) {
  const form = useForm<ClientRegisterValues, ClientRegisterContext>({
    defaultValues: clientRegisterDefaults(info.email),
    resolver: rules.resolver,
    context: { userExists: info.userExists },
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const type = useWatch({ control: form.control, name: "client.type" });
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submitting = useRef(false);
  const juridic = type === "juridicPerson";

  useEffect(() => rules.preload(), []);

  function changeType(next: ClientType) {
    form.setValue("client.type", next);
    form.setValue("client.code", maskClientCode(next, form.getValues("client.code")));
    form.clearErrors(["client.code", "client.name"]);
  }

  async function accept(values: ClientRegisterValues) {
    setSaving(true);
    try {
      const user = info.userExists ? {} : { name: values.name.trim(), code: values.code, phone: values.phone };
      onAccepted(await acceptInvite({ token, password: values.password, ...user, client: values.client }));
    } catch (failure) {
      setSaving(false);
      if (failure instanceof ApiError && failure.status === 404) return onInvalid();
      if (failure instanceof ApiError && failure.fields.length > 0) {
        const marked = new Set<string>();
        for (const { path, message } of failure.fields) {
          if (!isFormPath(path) || marked.has(path)) continue;
          marked.add(path);
          form.setError(path, { message });
        }
        setFormError(marked.size > 0 ? registerMessages.signup.fixFields : failure.message);
        return;
      }
      setFormError(failure instanceof Error ? failure.message : validationMessages.connection);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || submitting.current) return;
    submitting.current = true;
    await form
      .handleSubmit(accept, () => setFormError(registerMessages.signup.fixFields))(event)
      .finally(() => (submitting.current = false));
  }

  const field = (
    name: FieldPathByValue<ClientRegisterValues, string>,
    label: string,
    extra: Omit<FieldProps, "form" | "name" | "label"> = {},
  ) => (
    <FormTextField
      compact
      form={form}
      name={name}
      label={label}
      readOnly={saving}
      onValueChange={() => setFormError(null)}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3">
      <Section title={l.clientCompany}>
        <ClientTypeField value={type} disabled={saving} onChange={changeType} />
        {field("client.name", juridic ? l.corporateName : l.fullName, {
          autoComplete: juridic ? "organization" : "name",
          className: "sm:col-span-2",
        })}
        {field("client.code", juridic ? l.cnpj : l.cpf, {
          mask: (value) => maskClientCode(type, value),
          inputMode: "numeric",
          placeholder: juridic ? "00.000.000/0000-00" : "000.000.000-00",
        })}
        {field("client.phone", l.phone, { mask: maskPhone, inputMode: "tel", placeholder: "(00) 0 0000-0000" })}
        {field("client.email", l.email, { type: "email", inputMode: "email", className: "sm:col-span-2" })}
      </Section>
      <Section title={l.clientAddress}>
        {field("client.address.cep", l.cep, {
          mask: maskCep,
          inputMode: "numeric",
          autoComplete: "postal-code",
          placeholder: "00000-000",
        })}
        {field("client.address.number", l.number, { mask: maskNumber, inputMode: "numeric" })}
        {field("client.address.street", l.street, { autoComplete: "address-line1", className: "sm:col-span-2" })}
        {field("client.address.neighboor", l.neighborhood)}
        {field("client.address.city", l.city, { autoComplete: "address-level2" })}
        {field("client.address.state", l.state, {
          mask: maskState,
          autoComplete: "address-level1",
          placeholder: "UF",
        })}
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
            {field("name", l.name, { autoComplete: "name", className: "sm:col-span-2" })}
            {field("code", l.cpf, { mask: maskCpf, inputMode: "numeric", placeholder: "000.000.000-00" })}
            {field("phone", l.phone, {
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
