import { useId, type InputHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";

export type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange"> & {
  label: string;
  error?: string;
  onValueChange: (value: string) => void;
};

/** A field whose error shows beside its label (spec §5), read-only until the form is in edit mode. */
export function FormField({ label, error, onValueChange, className, readOnly, ...input }: FormFieldProps) {
  const id = useId();
  return (
    <div className={cn("flex min-w-0 flex-col gap-0.5", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-1">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {error ? (
          <span id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
            {error}
          </span>
        ) : null}
      </div>
      <input
        id={id}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        className={cn(
          "h-5 w-full rounded-theme border bg-surface px-1.5 text-[15px] text-fg outline-none transition-colors",
          "focus:border-primary focus:ring-4 focus:ring-primary/15 read-only:border-transparent read-only:bg-surface-2 read-only:focus:ring-0",
          error ? "border-danger" : "border-border",
        )}
        {...input}
      />
    </div>
  );
}
