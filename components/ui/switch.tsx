"use client";

import { useId } from "react";
import { cn } from "./cn";

export type SwitchProps = {
  label: string;
  /** A line under the label, read with it (aria-describedby). */
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
};

/**
 * A labelled on/off switch: a native button with role="switch" and aria-checked (Space and Enter toggle
 * it, the label names it), the markup Radix's switch rendered, without its script on every page.
 */
export function Switch({ label, description, checked, onCheckedChange, disabled, className }: SwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const state = checked ? "checked" : "unchecked";
  return (
    <div className={cn("flex items-center justify-between gap-2", className)}>
      {description ? (
        <div className="flex min-w-0 flex-col">
          <label htmlFor={id} className="text-sm font-medium text-fg">
            {label}
          </label>
          <span id={descriptionId} className="text-xs text-muted">
            {description}
          </span>
        </div>
      ) : (
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
      )}
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        data-state={state}
        value="on"
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={
          "relative h-3 w-5 shrink-0 cursor-pointer rounded-full bg-border-strong " +
          "transition-colors data-[state=checked]:bg-primary disabled:cursor-not-allowed " +
          "disabled:opacity-60"
        }
      >
        <span
          data-state={state}
          className={
            "pointer-events-none block size-2.5 translate-x-0.25 rounded-full bg-surface " +
            "shadow-sm transition-transform data-[state=checked]:translate-x-2.25"
          }
        />
      </button>
    </div>
  );
}
