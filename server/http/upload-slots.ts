import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { AppError } from "@/server/errors";

export const UPLOAD_RETRY_AFTER_SECONDS = 2;

/** Who holds an upload slot: the user, and the office the upload belongs to (null: none). */
export type UploadOwner = { userId: number; officeId: number | null };

/**
 * Backpressure for large uploads (ARCHITECTURE §5): a body of up to 13 x 16 MB of base64, its parse and
 * its image decoding cost memory and event-loop time, so each process admits at most
 * MAX_UPLOADS_IN_FLIGHT at once and answers 429 with Retry-After beyond, before reading the body.
 *
 * Shared fairly: the last third of the slots (at least one) goes only to a caller whose user AND office
 * hold none. With 3 slots one user (or one office) gets at most 2 at once, and the third is always there
 * for another office: a caller dripping bodies cannot shut every other office out (docs/decisions/0050).
 * A legitimate user sending a block while a photo goes up has its two slots when the server is not busy.
 * Per process by design (see WorkLimiter): with N instances the cluster admits N x MAX_UPLOADS_IN_FLIGHT.
 */
export class UploadSlots {
  private running = 0;
  private readonly byUser = new Map<number, number>();
  private readonly byOffice = new Map<number, number>();

  constructor(private readonly capacity: () => number) {}

  /** Slots kept for callers whose user and office hold none. */
  reserved(): number {
    return Math.max(1, Math.ceil(this.capacity() / 3));
  }

  private admits({ userId, officeId }: UploadOwner): boolean {
    const free = this.capacity() - this.running;
    if (free <= 0) return false;
    if (free > this.reserved()) return true;
    return !this.byUser.get(userId) && (officeId === null || !this.byOffice.get(officeId));
  }

  async run<T>(owner: UploadOwner, task: () => Promise<T>): Promise<T> {
    if (!this.admits(owner)) {
      throw new AppError("rate_limited", messages.api.tooManyUploads, {
        headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_SECONDS) },
      });
    }
    this.running += 1;
    bump(this.byUser, owner.userId, 1);
    if (owner.officeId !== null) bump(this.byOffice, owner.officeId, 1);
    try {
      return await task();
    } finally {
      this.running -= 1;
      bump(this.byUser, owner.userId, -1);
      if (owner.officeId !== null) bump(this.byOffice, owner.officeId, -1);
    }
  }

  stats(): { running: number; waiting: number; users: number; offices: number } {
    return { running: this.running, waiting: 0, users: this.byUser.size, offices: this.byOffice.size };
  }
}

function bump(counts: Map<number, number>, key: number, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

export const uploadSlots = new UploadSlots(() => getConfig().MAX_UPLOADS_IN_FLIGHT);
