import { useCallback, useRef } from "react";

/**
 * A guard for a mutation's call, set synchronously: a second call while the first is in flight (a
 * double click lands before React re-renders the button disabled by `isPending`) is dropped. `start`
 * gets `done`, to be called when the call settles (a mutate's onSettled).
 */
export function useOnceInFlight(): (start: (done: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
