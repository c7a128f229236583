import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "./cn";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  /** Marks the field errored (aria-invalid, red border) even without a message of its own. */
  invalid?: boolean;
  /** id of the element describing the error, when the message lives elsewhere (one message, two fields). */
  errorId?: string;
  error?: string;
  /** The new text on every change (beside or instead of onChange). */
  onValueChange?: (value: string) => void;
  /**
   * Panels and dialogs (Perfil, Escritório, operators): a 40px field with its error beside the label
   * (spec §5), read-only shown as plain text while the form is in view mode. Default: the 48px field
   * of the public forms with its error below.
   */
  compact?: boolean;
};

/** The one labelled text input of the app: label, input and its error, wired for assistive technology. */
export function TextField({
  label,
  invalid,
  error,
  errorId,
  onValueChange,
  onChange,
  compact = false,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  const ownErrorId = `${id}-error`;
  const isInvalid = Boolean(invalid || error);
  const describedBy = error ? ownErrorId : isInvalid ? errorId : undefined;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValueChange?.(event.target.value);
  };
  const labelElement = (
    <label htmlFor={id} className="text-sm font-medium text-fg">
      {label}
    </label>
  );
  return (
    <div className={cn("flex min-w-0 flex-col", compact ? "gap-0.5" : "gap-1", className)}>
      {compact ? (
        <div className="flex flex-wrap items-baseline justify-between gap-x-1">
          {labelElement}
          <ErrorText id={ownErrorId} error={error} className="text-xs font-medium" />
        </div>
      ) : (
        labelElement
      )}
      <input
        id={id}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        onChange={handleChange}
        className={cn(
          "w-full rounded-theme border bg-surface text-[15px] text-fg outline-none transition-colors",
          "focus-visible:outline-none focus:border-primary focus:ring-4 focus:ring-primary/15",
          compact
            ? "h-5 px-1.5 read-only:border-transparent read-only:bg-surface-2 read-only:focus:ring-0"
            : "h-6 px-2 shadow-xs placeholder:text-muted/70 read-only:bg-surface-2",
          isInvalid
            ? "border-danger focus:border-danger focus:ring-danger/15"
            : compact
              ? "border-border"
              : "border-border hover:border-border-strong",
        )}
        {...input}
      />
      {compact ? null : <ErrorText id={ownErrorId} error={error} className="text-sm" />}
    </div>
  );
}

function ErrorText({ id, error, className }: { id: string; error?: string; className: string }): ReactNode {
  if (!error) return null;
  return (
    <span id={id} role="alert" className={cn("text-danger", className)}>
      {error}
    </span>
  );
}
