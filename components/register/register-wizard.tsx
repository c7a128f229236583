"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { messages } from "@/lib/i18n/messages";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";
import { emptyRegisterData, REGISTER_EMAIL_PARAM, STEP_FIELDS, type RegisterData, type RegisterField } from "./register-state";
import { StepFields } from "./step-fields";
import { StepIndicator } from "./step-indicator";
import { SummaryStep } from "./summary-step";

const r = messages.register;
const SLIDES = [r.profile, r.company, r.payment] as const;
const LAST = STEP_FIELDS.length; // the summary's index

/** /register (spec §2): three slides and a summary. 'Continuar' always advances; nothing is submitted. */
export function RegisterWizard() {
  const params = useSearchParams();
  const [data, setData] = useState<RegisterData>(() => emptyRegisterData(params.get(REGISTER_EMAIL_PARAM) ?? ""));
  const [step, setStep] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function go(next: number) {
    setStep(next);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => headingRef.current?.focus()); // screen readers hear the new step
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < LAST) go(step + 1);
  }

  const change = (key: RegisterField, value: string) => setData((current) => ({ ...current, [key]: value }));
  const title = step < LAST ? SLIDES[step].title : r.summary.title;

  return (
    // header and main: every part of the page sits in a landmark (axe "region", "landmark-one-main")
    <div className="flex min-h-dvh flex-col items-center px-2 py-4 sm:py-6">
      <header>
        <Link href="/" className="rounded-theme">
          <Logo />
        </Link>
      </header>
      <main className="mt-3 flex w-full flex-col items-center">
        <div className="w-full max-w-[640px] rounded-theme border border-border bg-surface p-3 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_8px_24px_-8px_rgb(0_0_0/0.12)] sm:p-4">
          <p className="text-sm font-medium text-muted">{r.title}</p>
          <StepIndicator current={step} />
          <h1 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-semibold tracking-tight outline-none">
            {title}
          </h1>
          {step < LAST ? <p className="mt-0.5 text-sm text-muted">{SLIDES[step].text}</p> : null}
          <form noValidate onSubmit={submit} className="mt-3">
            {step < LAST ? (
              <div key={step} className="animate-fade-in">
                <StepFields fields={STEP_FIELDS[step]} data={data} onChange={change} />
              </div>
            ) : (
              <div className="animate-fade-in">
                <SummaryStep data={data} />
              </div>
            )}
            <div className="mt-3 flex items-center justify-between gap-1">
              {step > 0 ? (
                <Button variant="secondary" onClick={() => go(step - 1)}>
                  {r.back}
                </Button>
              ) : (
                <span />
              )}
              {step < LAST ? <Button type="submit">{messages.common.continue}</Button> : null}
            </div>
          </form>
        </div>
        <p className="mt-2 text-center text-sm text-muted">{r.stepOf(step + 1, LAST + 1)}</p>
      </main>
    </div>
  );
}
