"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { cn } from "./cn";
import { useReturnFocus } from "./use-return-focus";

/**
 * "center": a box in the middle of the screen (confirmations, forms, details), `size` its width.
 * "sheet": the whole screen on a phone, a framed box from a breakpoint up; the caller's className
 * places it (the viewers and previews differ in their breakpoint and size).
 * "drawer": the right-hand drawer of spec §2/§9.
 */
export type DialogVariant = "center" | "sheet" | "drawer";

const OVERLAY: Record<DialogVariant, string> = {
  center: "z-[60]",
  sheet: "z-[55]",
  drawer: "z-40 data-[state=open]:animate-fade-in",
};

const CONTENT: Record<DialogVariant, string> = {
  center:
    "top-1/2 left-1/2 z-[70] max-h-[calc(100dvh-32px)] w-[calc(100%-32px)] -translate-x-1/2 -translate-y-1/2" +
    " overflow-y-auto rounded-theme border border-border bg-surface p-3 shadow-2xl",
  sheet: "z-[56] flex flex-col bg-surface",
  drawer:
    "inset-y-0 right-0 z-50 flex h-dvh min-h-86 w-full max-w-[420px] flex-col overflow-hidden border-l" +
    " border-border bg-surface shadow-2xl sm:max-w-[484px] data-[state=open]:animate-fade-in",
};

const SIZE = {
  xs: "max-w-[400px]",
  sm: "max-w-[440px]",
  md: "max-w-[480px]",
  lg: "max-w-[520px]",
  xl: "max-w-[560px]",
};

const BACKDROP = { dim: "bg-black/40", normal: "bg-black/50", dark: "bg-black/60" };

type ContentProps = Omit<ComponentPropsWithoutRef<typeof RadixDialog.Content>, "className" | "children">;

export type DialogProps = ContentProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  variant?: DialogVariant;
  /** The width of a "center" dialog: 400, 440, 480, 520 or 560 px. */
  size?: keyof typeof SIZE;
  /** How dark the page behind goes; by default 50% (a sheet 60%, the drawer 40%). */
  backdrop?: keyof typeof BACKDROP;
  /** Added to the overlay (an animation, a blur). */
  overlayClassName?: string;
  /** Data attributes of the overlay (one a listener outside the dialog looks for). */
  overlayProps?: Record<`data-${string}`, string>;
  /** The layout inside the box; a "center" dialog stacks its parts 16 px apart unless told otherwise. */
  className?: string;
  /** Whether a Dialog.Description describes the content (Radix warns when neither it nor this says). */
  described?: boolean;
  children: ReactNode;
};

const DEFAULT_BACKDROP: Record<DialogVariant, keyof typeof BACKDROP> = {
  center: "normal",
  sheet: "dark",
  drawer: "dim",
};

/**
 * Every dialog and drawer of the app: Radix Dialog (focus trap, Escape and a click outside close,
 * the title names it) in a portal over an overlay; focus goes back to the opener (useReturnFocus)
 * unless the caller's onCloseAutoFocus decides.
 */
export function Dialog({
  open,
  onOpenChange,
  variant = "center",
  size = "sm",
  backdrop,
  overlayClassName,
  overlayProps,
  className,
  described = false,
  children,
  ...content
}: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          {...overlayProps}
          className={cn(
            "fixed inset-0",
            OVERLAY[variant],
            BACKDROP[backdrop ?? DEFAULT_BACKDROP[variant]],
            overlayClassName,
          )}
        />
        <RadixDialog.Content
          {...(described ? {} : { "aria-describedby": undefined })}
          {...returnFocus}
          {...content}
          className={cn(
            "fixed outline-none",
            CONTENT[variant],
            variant === "center" && SIZE[size],
            className ?? (variant === "center" ? "flex flex-col gap-2" : undefined),
          )}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;
export const DialogClose = RadixDialog.Close;

export type DialogCloseButtonProps = {
  /** The button's accessible name ('Fechar'). */
  label: string;
  /** "sm": 32 px, the drawer's and the chart's; "lg": 44 px with a tooltip, the viewers'. */
  size?: "sm" | "lg";
};

/** The X in a dialog's header. */
export function DialogCloseButton({ label, size = "sm" }: DialogCloseButtonProps) {
  return (
    <RadixDialog.Close
      aria-label={label}
      title={size === "lg" ? label : undefined}
      className={cn(
        "grid cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2 hover:text-fg",
        size === "lg" ? "size-5.5 shrink-0 focus-visible:outline-2 focus-visible:outline-primary" : "size-4",
      )}
    >
      <X className="size-2.5" aria-hidden="true" />
    </RadixDialog.Close>
  );
}
