import { registerMessages } from "@/lib/i18n/sections/register";
import { cn } from "@/components/ui/cn";

/**
 * The four steps as numbered dots joined by a line, each label centred under its dot: in a row beside
 * the dots the labels wrapped onto two lines at 1440px and squeezed the lines away. Labels show from md
 * up (the step's heading names it on a phone); the current one is announced as the current step.
 */
export function StepIndicator({ current }: { current: number }) {
  const steps = registerMessages.steps;
  return (
    <ol aria-label={registerMessages.stepOf(current + 1, steps.length)} className="mt-1 grid grid-cols-4">
      {steps.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={label}
            aria-current={active ? "step" : undefined}
            className="relative flex flex-col items-center gap-0.5"
          >
            {index < steps.length - 1 ? (
              // from the right edge of this dot (50% + 16px radius + 4px) to the left edge of the next one
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-2 right-[calc(-50%+20px)] left-[calc(50%+20px)] h-px",
                  done ? "bg-primary" : "bg-border",
                )}
              />
            ) : null}
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
            <span
              className={cn(
                "hidden text-center text-sm font-medium whitespace-nowrap md:block",
                active ? "text-fg" : "text-muted",
              )}
            >
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
