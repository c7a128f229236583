"use client";

import { chartMessages } from "@/lib/i18n/sections/chart";
import { TextField } from "@/components/ui/text-field";

const t = chartMessages;

/** The description and reduced code of a chart account form ('Nova conta', a row being edited), in its grid. */
export function DescriptionFields({
  description,
  onDescription,
  reducedCode,
  onReducedCode,
  fieldError,
  autoFocus,
}: {
  description: string;
  onDescription: (value: string) => void;
  reducedCode: string;
  onReducedCode: (value: string) => void;
  /** The server's message for a field of the form, by its name. */
  fieldError: (name: string) => string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        compact
        autoFocus={autoFocus}
        label={t.description}
        value={description}
        onValueChange={onDescription}
        error={fieldError("description")}
      />
      <TextField
        compact
        label={t.reducedCode}
        value={reducedCode}
        onValueChange={onReducedCode}
        error={fieldError("reducedCode")}
      />
    </>
  );
}
