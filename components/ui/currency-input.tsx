"use client";

import { useId, type ClipboardEvent, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { formatCents, MONEY_MAX_DIGITS, parseCurrencyInput, parsePastedMoney } from "@/lib/format/money";
import { cn } from "./cn";

export type CurrencyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "type"> & {
  label: string;
  /** Integer cents; 0 shows 'R$ 0,00'. */
  cents: number;
  onCentsChange: (cents: number) => void;
  invalid?: boolean;
};

/**
 * The currency input of spec §5: 'R$ ' prefix, digits only, the digits read as cents (divided by 100),
 * two decimals pt-BR ('R$ 1.234,56'). Typing appends a digit, Backspace drops the last one (with all
 * selected: a digit starts over, Backspace clears); pasted text is read as an amount (parsePastedMoney:
 * 'R$ 1.234,56', '1234.5', '10' reais; anything else is ignored). The caller converts cents to the wire's
 * "1234.56" (centsToDecimalText).
 */
export function CurrencyInput({
  label,
  cents,
  onCentsChange,
  invalid,
  className,
  readOnly,
  onKeyDown,
  ...input
}: CurrencyInputProps) {
  const id = useId();
  const text = formatCents(cents);
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    // The digits are appended at the end whatever the caret: the text is a mask, not free text.
    // With the whole text selected, a digit starts over and Backspace/Delete clear.
    const target = event.currentTarget;
    const all = target.value.length > 0 && target.selectionStart === 0 && target.selectionEnd === target.value.length;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      const digit = Number(event.key);
      if (all) onCentsChange(digit);
      else if (String(cents).length < MONEY_MAX_DIGITS) onCentsChange(cents * 10 + digit);
    } else if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      onCentsChange(all ? 0 : Math.floor(cents / 10));
    }
  };
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (readOnly) return;
    event.preventDefault();
    // A pasted value is read as an amount ('R$ 10' is ten reais, not ten cents); what is none is ignored.
    const pasted = parsePastedMoney(event.clipboardData.getData("text"));
    if (pasted !== null) onCentsChange(pasted);
  };
  return (
    <div className={cn("flex min-w-0 flex-col gap-0.5", className)}>
      <label htmlFor={id} className="text-xs font-semibold text-muted">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        readOnly={readOnly}
        aria-invalid={invalid || undefined}
        maxLength={MONEY_MAX_DIGITS + 10}
        onKeyDown={handleKeyDown}
        onPaste={handlePaste}
        // what reaches here without a key (a phone's keyboard, autofill): its digits read as cents
        onChange={(event) => onCentsChange(parseCurrencyInput(event.target.value))}
        className={cn(
          "h-5 w-full rounded-theme border bg-surface px-1.5 text-right text-[15px] tabular-nums text-fg outline-none",
          "focus:border-primary focus:ring-4 focus:ring-primary/15 read-only:border-transparent " +
            "read-only:bg-surface-2 read-only:focus:ring-0",
          invalid ? "border-danger" : "border-border",
        )}
        {...input}
      />
    </div>
  );
}
