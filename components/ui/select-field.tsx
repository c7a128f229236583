import { useId, type SelectHTMLAttributes } from "react";
import { cn } from "./cn";

export type SelectOption = { value: number | string; label: string };

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "onChange" | "value"> & {
  label: string;
  /** Visually hidden label (a compact toolbar), still announced. */
  hideLabel?: boolean;
  options: readonly SelectOption[];
  value: number | string;
  onValueChange: (value: string) => void;
};

/** A labelled native select: the platform's own keyboard and screen-reader behaviour, on every device. */
export function SelectField({
  label,
  hideLabel = false,
  options,
  value,
  onValueChange,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cn("flex min-w-0 flex-col gap-0.5", className)}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-xs font-semibold text-muted"}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={
          "h-5 w-full min-w-0 cursor-pointer rounded-theme border border-border bg-surface " +
          "px-1 text-sm text-fg focus:border-primary focus:outline-2 " +
          "focus:outline-primary/30"
        }
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
