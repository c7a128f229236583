"use client";

import { lazy, Suspense, type ComponentType } from "react";
import { useOpenedOnce } from "./use-opened-once";

/**
 * A dialog or drawer whose script is fetched on its first open, not with the page that holds it (Radix
 * and the dialog's own code stay out of the page's first load: scripts/measure-first-load.mjs). Until
 * then nothing is rendered, as a closed Radix dialog renders nothing; from then on it stays mounted.
 * With `() => true`, any part a page mounts only after an interaction (a chosen item's preview): its
 * script is fetched when it first mounts, and nothing shows in its place until it has arrived.
 */
export function lazyWhenOpen<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function LazyWhenOpen(props: P) {
    const opened = useOpenedOnce(isOpen(props));
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyWhenOpen;
}
