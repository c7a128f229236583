"use client";

import { chartMessages } from "@/lib/i18n/sections/chart";
import { Button } from "@/components/ui/button";

/** The end of a chart account form: a refusal not tied to a field, then Cancelar and the submit button. */
export function FormFooter({
  error,
  onCancel,
  submitLabel,
  pending,
}: {
  error: string | null;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-1">
        <Button variant="secondary" onClick={onCancel}>
          {chartMessages.cancel}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
