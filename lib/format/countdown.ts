import { DAY_MS } from "@/lib/constants";

// The two live countdowns of the business platform (spec §4), as pure functions of "milliseconds left":
// what to show, and in how many milliseconds that text changes — so a countdown component schedules its
// next render exactly then (one a second only while seconds show; a 'N dias' label waits hours).
// - Sent block: mm:ss until the end of the 15-minute undo window.
// - Returned document: 'N dias' while more than 2 days are left, '1 dia' while more than 1, then HH:mm:ss
//   (the deadline itself is lib/format/deadline.ts).

const SECOND_MS = 1_000;
const pad2 = (n: number) => String(n).padStart(2, "0");

/** mm:ss of the time left, rounded up to the second: '15:00' at the start, '00:01' in the last second. */
export function formatMinutesSeconds(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / SECOND_MS));
  return `${pad2(Math.floor(seconds / 60))}:${pad2(seconds % 60)}`;
}

/** HH:mm:ss of the time left (at most one day), rounded down: '23:59:59' … '00:00:00'. */
export function formatHoursMinutesSeconds(msLeft: number): string {
  const seconds = Math.min(DAY_MS / SECOND_MS - 1, Math.max(0, Math.floor(msLeft / SECOND_MS)));
  return `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor((seconds % 3600) / 60))}:${pad2(seconds % 60)}`;
}

/** When the rounded-up seconds text changes next (0 when nothing is left). */
export function nextSecondChange(msLeft: number): number {
  if (msLeft <= 0) return 0;
  const rest = msLeft % SECOND_MS;
  return rest === 0 ? SECOND_MS : rest;
}

export type DeadlineLabel = { kind: "days"; days: number } | { kind: "clock"; text: string };

/**
 * Spec §4 returned document: whole days while more than 2 days are left ('N dias' — N = the whole days
 * left beyond the first started one, so 2 < left ≤ 3 days reads 2), '1 dia' while more than 1 day is
 * left, then HH:mm:ss.
 */
export function deadlineLabel(msLeft: number): DeadlineLabel {
  if (msLeft > DAY_MS) return { kind: "days", days: Math.ceil(msLeft / DAY_MS) - 1 };
  return { kind: "clock", text: formatHoursMinutesSeconds(msLeft) };
}

/** When deadlineLabel's answer changes next: at the next whole day while days show, else each second. */
export function nextDeadlineChange(msLeft: number): number {
  if (msLeft <= 0) return 0;
  if (msLeft > DAY_MS) {
    const days = Math.ceil(msLeft / DAY_MS) - 1;
    return msLeft - days * DAY_MS;
  }
  const rest = msLeft % SECOND_MS;
  return rest === 0 ? SECOND_MS : rest;
}
