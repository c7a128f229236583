import { messages } from "@/lib/i18n/messages";
import { cn } from "@/components/ui/cn";

/** The four steps as a row of numbered dots; the current one is announced as the current step. */
export function StepIndicator({ current }: { current: number }) {
  const steps = messages.register.steps;
  return (
    <ol aria-label={messages.register.stepOf(current + 1, steps.length)} className="flex items-center gap-1">
      {steps.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={label} aria-current={active ? "step" : undefined} className="flex flex-1 items-center gap-1 last:flex-none">
            <span className="flex items-center gap-1">
              <span
                className={cn(
                  "grid size-4 shrink-0 place-items-center rounded-full text-sm font-bold transition-colors",
                  active && "bg-primary text-primary-fg",
                  done && "bg-primary-soft text-primary",
                  !active && !done && "border border-border-strong text-muted",
                )}
              >
                {done ? "✓" : index + 1}
              </span>
              <span className={cn("hidden text-sm font-medium md:inline", active ? "text-fg" : "text-muted")}>{label}</span>
            </span>
            {index < steps.length - 1 ? <span aria-hidden="true" className={cn("h-px flex-1", done ? "bg-primary" : "bg-border")} /> : null}
          </li>
        );
      })}
    </ol>
  );
}
