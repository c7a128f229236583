import { useId, type InputHTMLAttributes } from "react";
import { cn } from "./cn";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  /** Marks the field errored (aria-invalid, red border) even without a message of its own. */
  invalid?: boolean;
  /** id of the element describing the error, when the message lives elsewhere (one message, two fields). */
  errorId?: string;
  error?: string;
};

export function TextField({ label, invalid, error, errorId, className, ...input }: TextFieldProps) {
  const id = useId();
  const ownErrorId = `${id}-error`;
  const isInvalid = Boolean(invalid || error);
  const describedBy = error ? ownErrorId : isInvalid ? errorId : undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        className={cn(
          "h-6 w-full rounded-theme border bg-surface px-2 text-[15px] text-fg shadow-xs outline-none transition-colors placeholder:text-muted/70",
          "focus-visible:outline-none focus:border-primary focus:ring-4 focus:ring-primary/15",
          "read-only:bg-surface-2",
          isInvalid ? "border-danger focus:border-danger focus:ring-danger/15" : "border-border hover:border-border-strong",
        )}
        {...input}
      />
      {error ? (
        <p id={ownErrorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
