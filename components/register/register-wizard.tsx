"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { clearRegister, readRegister, saveRegister } from "./register-storage";
import { ApiError } from "@/lib/api/client";
import { registerOffice } from "@/lib/api/links";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import { commonMessages } from "@/lib/i18n/sections/common";
import { registerMessages } from "@/lib/i18n/sections/register";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";
import {
  emptyRegisterData,
  REGISTER_EMAIL_PARAM,
  registerPayload,
  STEP_FIELDS,
  stepOf,
  type RegisterData,
  type RegisterField,
  type StepContext,
} from "./register-state";
import { StepFields } from "./step-fields";
import { StepIndicator } from "./step-indicator";
import { SummaryStep } from "./summary-step";
import { AppLink } from "@/components/ui/app-link";

const r = registerMessages;
const SLIDES = [r.profile, r.company, r.payment] as const;
const PAYMENT = SLIDES.length - 1;
const LAST = STEP_FIELDS.length; // the fourth step: check the e-mail
/** The query parameter naming the slide (1-based): each slide is a history entry. */
const STEP_PARAM = "passo";

/** The address of slide `step` (0-based), keeping the other query parameters. */
function stepUrl(step: number): string {
  const url = new URL(window.location.href);
  if (step === 0) url.searchParams.delete(STEP_PARAM);
  else url.searchParams.set(STEP_PARAM, String(step + 1));
  return `${url.pathname}${url.search}`;
}

/**
 * Each slide's §5 messages (./register-rules: the contract's schemas through the zod resolver), fetched
 * after the page, not with it: preloaded once the wizard shows, so they are there before the first
 * 'Continuar' (scripts/measure-first-load.mjs).
 */
const slideRules = lazyResolver<RegisterData, StepContext>(() =>
  import("./register-rules").then((rules) => rules.stepResolver),
);

/**
 * /register (spec §2): three slides and a fourth step. 'Continuar' checks the slide (§5 messages under
 * the fields, cleared on typing); 'Criar conta' on the payment slide creates the office as a trial with
 * everything but the card (never sent), then the fourth step says where the link went.
 */
export function RegisterWizard() {
  const params = useSearchParams();
  // Rendered in the browser only (useSearchParams under Suspense), so the tab's storage is there.
  const [stored] = useState(readRegister);
  const [reached, setReached] = useState(stored?.reached ?? 0);
  const [starterChart, setStarterChart] = useState(stored?.starterChart ?? true);
  // The slide is the address's (Back and Forward move between slides), never past the last one reached.
  const asked = Number(params.get(STEP_PARAM) ?? "1") - 1;
  const urlStep = Number.isInteger(asked) ? Math.min(Math.max(asked, 0), reached, PAYMENT) : 0;
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [sentTo, setSentTo] = useState("");
  const step = sentTo ? LAST : urlStep;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checking = useRef(false);
  const shown = useRef(step);
  // Checked on 'Continuar' only; typing clears the field's message (FormTextField), focus stays put.
  const form = useForm<RegisterData, StepContext>({
    defaultValues: { ...emptyRegisterData(params.get(REGISTER_EMAIL_PARAM) ?? ""), ...stored?.data },
    resolver: slideRules.resolver,
    context: { step },
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const watched = useWatch({ control: form.control });
  // Every field has a default, so the watched values are whole.
  const data: RegisterData = useMemo(() => ({ ...emptyRegisterData(), ...watched }), [watched]);

  useEffect(() => slideRules.preload(), []);

  useEffect(() => {
    if (!sentTo) saveRegister(data, reached, starterChart);
  }, [data, reached, starterChart, sentTo]);

  // A new slide (Continuar, Voltar, the browser's Back or Forward): to its top, and screen readers hear it.
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => headingRef.current?.focus());
  }, [step]);

  /** Forward to slide `next`: a new history entry. */
  function go(next: number) {
    setFormError(null);
    setReached((current) => Math.max(current, next));
    window.history.pushState(null, "", stepUrl(next));
  }

  /** Back to an earlier slide: the browser's own Back, so Forward returns. */
  function back(to: number) {
    if (to >= step) return;
    window.history.go(to - step);
  }

  async function create() {
    setSaving(true);
    try {
      const answer = await registerOffice({ ...registerPayload(form.getValues()), starterChart });
      clearRegister();
      setSentTo(answer.email);
      window.history.replaceState(null, "", stepUrl(0));
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : [];
      const mapped: Partial<Record<RegisterField, string>> = {};
      for (const field of fields) if (stepOf(field.path) >= 0) mapped[field.path as RegisterField] ??= field.message;
      const steps = Object.keys(mapped).map(stepOf);
      if (steps.length > 0) {
        for (const [key, message] of Object.entries(mapped)) form.setError(key as RegisterField, { message });
        back(Math.min(...steps));
        setFormError(failure instanceof ApiError && failure.status === 409 ? failure.message : r.signup.fixFields);
      } else {
        setFormError(failure instanceof Error ? failure.message : validationMessages.connection);
      }
    } finally {
      setSaving(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || checking.current || step >= LAST) return;
    checking.current = true;
    const valid = () => (step === PAYMENT ? void create() : go(step + 1));
    await form
      .handleSubmit(valid, () => setFormError(r.signup.fixFields))(event)
      .finally(() => (checking.current = false));
  }
  const title = step < LAST ? SLIDES[step].title : r.signup.doneTitle;

  return (
    // header and main: every part of the page sits in a landmark (axe "region", "landmark-one-main")
    <div className="flex min-h-dvh flex-col items-center px-2 py-4 sm:py-6">
      <header>
        <AppLink href="/" className="rounded-theme">
          <Logo />
        </AppLink>
      </header>
      <main className="mt-3 flex w-full flex-col items-center">
        <div
          className={
            "w-full max-w-[640px] rounded-theme border border-border bg-surface p-3 " +
            "shadow-[0_1px_2px_rgb(0_0_0/0.04),0_8px_24px_-8px_rgb(0_0_0/0.12)] sm:p-4"
          }
        >
          <p className="text-sm font-medium text-muted">{r.title}</p>
          <StepIndicator current={step} />
          <h1 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-semibold tracking-tight outline-none">
            {title}
          </h1>
          {step < LAST ? <p className="mt-0.5 text-sm text-muted">{SLIDES[step].text}</p> : null}
          {step === PAYMENT ? (
            <div className="mt-2 rounded-theme bg-primary-soft p-2 text-sm">
              <p className="font-semibold">{r.signup.paymentNote}</p>
              <p className="mt-0.5 text-muted">{r.signup.cardNotSent}</p>
            </div>
          ) : null}
          {step < LAST ? (
            <form noValidate onSubmit={submit} className="mt-3">
              <div key={step} className="animate-fade-in">
                <StepFields fields={STEP_FIELDS[step]} form={form} onChange={() => setFormError(null)} />
                {step === PAYMENT ? (
                  <label className="mt-2 flex cursor-pointer items-start gap-1 text-sm">
                    <input
                      type="checkbox"
                      checked={starterChart}
                      onChange={(event) => setStarterChart(event.target.checked)}
                      className="mt-0.5 size-2 shrink-0 accent-[var(--primary)]"
                    />
                    <span>{r.signup.starterChart}</span>
                  </label>
                ) : null}
              </div>
              {formError ? (
                <p role="alert" className="mt-2 rounded-theme bg-danger-soft px-1.5 py-1 text-sm text-danger">
                  {formError}
                </p>
              ) : null}
              <div className="mt-3 flex items-center justify-between gap-1">
                {step > 0 ? (
                  <Button variant="secondary" disabled={saving} onClick={() => back(step - 1)}>
                    {r.back}
                  </Button>
                ) : (
                  <span />
                )}
                <Button type="submit" loading={saving}>
                  {commonMessages.continue}
                </Button>
              </div>
            </form>
          ) : (
            <div className="mt-3 animate-fade-in">
              <SummaryStep data={data} email={sentTo} />
            </div>
          )}
        </div>
        <p className="mt-2 text-center text-sm text-muted">{r.stepOf(step + 1, LAST + 1)}</p>
      </main>
    </div>
  );
}
