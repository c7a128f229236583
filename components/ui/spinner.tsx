import { cn } from "./cn";

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-2 animate-spin rounded-full border-2 border-current border-r-transparent",
        className,
      )}
    />
  );
}
