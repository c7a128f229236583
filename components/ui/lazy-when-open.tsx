"use client";

import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { SCRIPT_CHUNK_TIMEOUT_MS } from "@/lib/constants";
import { commonMessages as t } from "@/lib/i18n/sections/common";
import { Button } from "./button";
import { useOpenedOnce } from "./use-opened-once";

/** A lazy part's script that could not be fetched (offline, a deploy that removed the old chunks). */
class PartLoadError extends Error {
  constructor(cause: unknown) {
    super("lazy part failed to load", { cause });
  }
}

/** `load()`, or a failure when it has not arrived within SCRIPT_CHUNK_TIMEOUT_MS (spec §8: 120 s). */
function withinChunkTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`script not loaded within ${SCRIPT_CHUNK_TIMEOUT_MS} ms`)),
      SCRIPT_CHUNK_TIMEOUT_MS,
    );
    load().then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/**
 * Catches only PartLoadError: any other error thrown while rendering the part goes on to the boundaries
 * above it, as before (a defect in a dialog is not a connection problem).
 */
class PartLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: unknown }> {
  state = { failed: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { failed: error };
  }
  render() {
    if (this.state.failed === null) return this.props.children;
    if (!(this.state.failed instanceof PartLoadError)) throw this.state.failed;
    return this.props.fallback;
  }
}

/**
 * In place of a dialog or drawer whose script did not arrive: what happened, a retry and, when it can, a
 * way out. It takes the focus from whatever asked for the part (a click or a key on its opener), and
 * gives it back before it goes: on 'Fechar' or Escape, and on a retry too, so that the part, once it
 * opens, returns the focus there as it always does (useReturnFocus).
 */
function PartLoadFailed({ onRetry, onClose }: { onRetry: () => void; onClose?: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const textId = useId();
  useEffect(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    panel.current?.querySelector<HTMLButtonElement>("[data-retry]")?.focus();
  }, []);
  const giveBack = (then: () => void) => {
    opener.current?.focus({ preventScroll: true });
    then();
  };
  return (
    <div
      ref={panel}
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={textId}
      onKeyDown={(event) => {
        if (event.key === "Escape" && onClose) giveBack(onClose);
      }}
      className={
        "fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-[480px] flex-col gap-1.5 " +
        "rounded-theme border border-border bg-surface p-2 text-fg shadow-lg"
      }
    >
      <p id={textId}>{t.partFailed}</p>
      <div className="flex flex-wrap justify-end gap-1">
        {onClose ? (
          <Button variant="secondary" onClick={() => giveBack(onClose)}>
            {t.close}
          </Button>
        ) : null}
        <Button data-retry onClick={() => giveBack(onRetry)}>
          {t.retry}
        </Button>
      </div>
    </div>
  );
}

/**
 * A dialog or drawer whose script is fetched on its first open, not with the page that holds it (Radix
 * and the dialog's own code stay out of the page's first load: scripts/measure-first-load.mjs). Until
 * then nothing is rendered, as a closed Radix dialog renders nothing; from then on it stays mounted.
 * With `() => true`, any part a page mounts only after an interaction (a chosen item's preview): its
 * script is fetched when it first mounts, and nothing shows in its place until it has arrived.
 *
 * When the script cannot be fetched (or has not come within 120 s), the page stays as it is and, while
 * the part is asked for, a small panel says so with 'Tentar novamente' (a new fetch) and, when `close`
 * is given, 'Fechar' (or Escape), which closes the part as its own close would: the opener can then ask
 * for it again.
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
  close?: (props: P) => void,
): ComponentType<P> {
  // React keeps a lazy component's failed promise for good: a retry needs a new one. Shared by every
  // instance, as the script is.
  let failed = false;
  const fresh = () =>
    lazy(() =>
      withinChunkTimeout(load).then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failed = true;
          throw new PartLoadError(error);
        },
      ),
    );
  let Lazy = fresh();

  function LazyWhenOpen(props: P) {
    const open = isOpen(props);
    const opened = useOpenedOnce(open);
    const [attempt, setAttempt] = useState(0);
    if (!opened) return null;
    const again = () => {
      if (failed) {
        failed = false;
        Lazy = fresh();
      }
      setAttempt((n) => n + 1);
    };
    const fallback = open ? (
      <PartLoadFailed
        onRetry={again}
        onClose={
          close
            ? () => {
                close(props);
                again(); // fetched again in the background: the next open finds it, or says again that it failed
              }
            : undefined
        }
      />
    ) : null;
    return (
      <PartLoadBoundary key={attempt} fallback={fallback}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </PartLoadBoundary>
    );
  }

  return LazyWhenOpen;
}
