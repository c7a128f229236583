import type { ButtonHTMLAttributes } from "react";
import { cn } from "./cn";
import { Spinner } from "./spinner";

type Variant = "primary" | "secondary" | "danger" | "ghost" | "link";
type Size = "md" | "lg";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner and disables the button, keeping its label for screen readers. */
  loading?: boolean;
};

const variants: Record<Variant, string> = {
  primary:
    "bg-primary text-primary-fg shadow-sm hover:bg-primary-hover disabled:bg-border-strong " +
    "disabled:text-surface disabled:shadow-none",
  secondary: "border border-border bg-surface text-fg hover:bg-surface-2 disabled:text-muted",
  // Confirms something that cannot be undone (removing an operator or an invite).
  danger:
    "bg-danger text-danger-fg shadow-sm hover:bg-danger/90 disabled:bg-border-strong " +
    "disabled:text-surface disabled:shadow-none",
  ghost: "text-fg hover:bg-surface-2 disabled:text-muted",
  link: "px-0! text-primary underline-offset-4 hover:underline disabled:text-muted",
};

const sizes: Record<Size, string> = {
  md: "h-5 px-2 text-sm",
  lg: "h-6 px-3 text-[15px]",
};

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  className,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? "button"}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        "inline-flex shrink-0 cursor-pointer items-center justify-center gap-1 rounded-theme " +
          "font-semibold transition-colors duration-150 disabled:cursor-not-allowed",
        variants[variant],
        sizes[size],
        className,
      )}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
