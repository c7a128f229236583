"use client";

import { cloneElement, lazy, Suspense, useRef, useState, type ReactElement } from "react";

// The dialog (Radix, its focus trap and the form) is fetched when a trigger is first pointed at or
// focused, not with the landing page: the page shows and answers before it (scripts/measure-first-load.mjs).
const loadModal = () => import("./create-account-modal").then((module) => module.CreateAccountModal);
const CreateAccountModal = lazy(() => loadModal().then((component) => ({ default: component })));

type TriggerProps = {
  ref?: unknown;
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
};

/** A 'Criar conta' button (the trigger: a single element) and the dialog it opens. */
export function CreateAccountDialog({ trigger }: { trigger: ReactElement<TriggerProps> }) {
  const opener = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      {cloneElement(trigger, {
        ref: opener,
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        onClick: () => {
          setWanted(true);
          setOpen(true);
        },
        onPointerEnter: () => void loadModal(),
        onFocus: () => void loadModal(),
      })}
      {wanted ? (
        <Suspense fallback={null}>
          <CreateAccountModal open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
