"use client";

import { useState } from "react";
import { useCreateAccount } from "@/lib/api/chart";
import { ApiError } from "@/lib/api/client";
import type { AccountType } from "@/lib/contract/accounts";
import { chartMessages } from "@/lib/i18n/sections/chart";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { DescriptionFields } from "./description-fields";
import { FormFooter } from "./form-footer";

const t = chartMessages;

/** 'Nova conta': one account into the year (code, description, reduced code, type: analytic by default). */
export function ChartCreateForm({
  year,
  onDone,
  onCancel,
}: {
  year: number;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateAccount();
  const [code, setCode] = useState("");
  const [description, setDescription] = useState("");
  const [reducedCode, setReducedCode] = useState("");
  const [type, setType] = useState<AccountType>("analytic");
  const fields = create.error instanceof ApiError ? create.error.fields : [];
  const fieldError = (name: string) => fields.find((field) => field.path === name)?.message;
  const submit = () =>
    create.mutate(
      {
        year,
        code: code.trim(),
        description,
        type,
        ...(reducedCode.trim() ? { reducedCode: reducedCode.trim() } : {}),
      },
      { onSuccess: (account) => onDone(t.created(account.code)) },
    );

  return (
    <form
      aria-label={t.newAccount}
      noValidate
      onSubmit={(event) => (event.preventDefault(), submit())}
      className="flex flex-col gap-1.5 rounded-theme border border-border bg-surface-2 p-1.5"
    >
      <h3 className="text-base font-bold">
        {t.newAccount} · {year}
      </h3>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-[1fr_2fr_1.5fr_1fr] sm:items-end">
        <TextField
          compact
          autoFocus
          label={t.code}
          inputMode="decimal"
          placeholder="1.1.01"
          value={code}
          onValueChange={setCode}
          error={fieldError("code")}
        />
        <DescriptionFields
          description={description}
          onDescription={setDescription}
          reducedCode={reducedCode}
          onReducedCode={setReducedCode}
          fieldError={fieldError}
        />
        <SelectField
          label={t.type}
          value={type}
          options={[
            { value: "analytic", label: t.analytic },
            { value: "synthetic", label: t.synthetic },
          ]}
          onValueChange={(value) => setType(value === "synthetic" ? "synthetic" : "analytic")}
        />
      </div>
      <FormFooter
        error={create.error && fields.length === 0 ? create.error.message : null}
        onCancel={onCancel}
        submitLabel={t.create}
        pending={create.isPending}
      />
    </form>
  );
}
