"use client";

import { useId, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { formatCents, MONEY_MAX_DIGITS, parseCurrencyInput } from "@/lib/format/money";
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
 * two decimals pt-BR ('R$ 1.234,56'). Typing appends a digit, Backspace drops the last one; pasted text
 * keeps its digits. The caller converts cents to the wire's "1234.56" (centsToDecimalText).
 */
export function CurrencyInput({ label, cents, onCentsChange, invalid, className, readOnly, onKeyDown, ...input }: CurrencyInputProps) {
  const id = useId();
  const text = formatCents(cents);
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || readOnly) return;
    // The caret always sits at the end: Backspace/Delete drop the last digit whatever the selection,
    // unless the whole text is selected (then it clears).
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      const target = event.currentTarget;
      const all = target.selectionStart === 0 && target.selectionEnd === target.value.length;
      onCentsChange(all ? 0 : Math.floor(cents / 10));
    }
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
        onChange={(event) => onCentsChange(parseCurrencyInput(event.target.value))}
        onFocus={(event) => {
          const target = event.currentTarget;
          requestAnimationFrame(() => target.setSelectionRange(target.value.length, target.value.length));
        }}
        className={cn(
          "h-5 w-full rounded-theme border bg-surface px-1.5 text-right text-[15px] tabular-nums text-fg outline-none",
          "focus:border-primary focus:ring-4 focus:ring-primary/15 read-only:border-transparent read-only:bg-surface-2 read-only:focus:ring-0",
          invalid ? "border-danger" : "border-border",
        )}
        {...input}
      />
    </div>
  );
}
