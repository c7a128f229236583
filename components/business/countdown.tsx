"use client";

import { useEffect, useRef, useState } from "react";

export type CountdownProps = {
  /** The instant it counts down to (ms since the epoch). */
  until: number;
  /** The text for the time left (module-level functions: stable). */
  format: (msLeft: number) => string;
  /** In how many ms the text changes next (0: never again). */
  next: (msLeft: number) => number;
  /** Called once when the time is up. */
  onEnd?: () => void;
  className?: string;
  /** Accessible text around the visible one (the visible text stays what a sighted user reads). */
  label?: (text: string) => string;
};

// A timer may fire a hair early; this much later the text has surely changed.
const SLACK_MS = 5;

/**
 * A live countdown that re-renders only itself, and only when its text changes (each second while
 * seconds show; once a day while whole days do). The page around it never re-renders on its account.
 */
export function Countdown({ until, format, next, onEnd, className, label }: CountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  const endRef = useRef(onEnd);
  useEffect(() => {
    endRef.current = onEnd;
  });
  const left = until - now;

  useEffect(() => {
    if (left <= 0) {
      endRef.current?.();
      return;
    }
    // setTimeout takes at most 2^31-1 ms (about 24.8 days); a longer wait just checks again then.
    const wait = Math.min(next(left) + SLACK_MS, 2_147_483_647);
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [left, next]);

  const text = format(Math.max(0, left));
  return (
    <span className={className} aria-label={label?.(text)} role={label ? "timer" : undefined}>
      {text}
    </span>
  );
}
