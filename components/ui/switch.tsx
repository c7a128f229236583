"use client";

import * as RadixSwitch from "@radix-ui/react-switch";
import { useId } from "react";
import { cn } from "./cn";

export type SwitchProps = {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
};

/** A labelled on/off switch (Radix: role="switch", keyboard and screen-reader ready). */
export function Switch({ label, checked, onCheckedChange, disabled, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={cn("flex items-center justify-between gap-2", className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="relative h-3 w-5 shrink-0 cursor-pointer rounded-full bg-border-strong transition-colors data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-60"
      >
        <RadixSwitch.Thumb className="block size-2.5 translate-x-0.25 rounded-full bg-surface shadow-sm transition-transform data-[state=checked]:translate-x-2.25" />
      </RadixSwitch.Root>
    </div>
  );
}
