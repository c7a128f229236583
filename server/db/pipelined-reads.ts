import "server-only";
import { Client, type ClientConfig, type QueryConfig, type QueryResultRow } from "pg";
import { scopedLogger } from "@/server/log";

// The prepared reads' connections (DATABASE_READ_POOL_SIZE of them), shared by every request instead
// of lent to one at a time: each is a pg Client in pipeline mode, so a read is written as soon as it
// is asked for, behind the ones still running on that connection, and PostgreSQL answers them in
// order. The reads asked for in one turn of the event loop leave in one write per connection (the
// socket is corked until the loop's check phase), and their answers come back in as few reads.
//
// Why: under load, each statement sent on its own woke a sleeping backend, and the app's event loop,
// in the write that woke it, lost the CPU to it about one time in two: about 95 µs of the loop's time
// per read on this 2-core machine (decision 0137). A batch wakes it once.
//
// A connection that fails (PostgreSQL stopped, the socket cut) fails the reads on it with pg's own
// error, which server/http/database-errors.ts answers 503, and is replaced by the next read: nothing
// is retried here (a read sent may have run).
//
// Overload is shed as the pools shed it: at most `depth` reads are in flight on a connection; past
// that a read waits for room at most `waitMs` (DATABASE_POOL_TIMEOUT_MS) and then fails with
// READ_WAIT_TIMEOUT (503), instead of queueing behind a database that cannot keep up.

/** The message of a read that found no room in time; database-errors.ts counts it as unavailable. */
export const READ_WAIT_TIMEOUT = "timeout exceeded waiting for room on a read connection";

/** A read asked for, or still waiting for room, once the connections are closed (503 as well). */
const ENDED = "Connection terminated: the reads' connections were closed";

type Waiter = { take: (lane: Lane) => void; refuse: (error: Error) => void; timer: NodeJS.Timeout };

type Lane = {
  client: Client;
  /** Settles once the connection is up (or failed: the lane is then dropped). */
  connected: Promise<void>;
  inFlight: number;
  corked: boolean;
};

export class PipelinedReads {
  private readonly lanes: Lane[] = [];
  private readonly waiting: Waiter[] = [];
  private ended = false;
  private readonly depth: number;
  private readonly waitMs: number;

  constructor(
    private readonly size: number,
    private readonly config: ClientConfig,
    limits: { depth?: number; waitMs?: number } = {},
  ) {
    this.depth = limits.depth ?? 64;
    this.waitMs = limits.waitMs ?? config.connectionTimeoutMillis ?? 5_000;
  }

  /** Connections open or opening (for the tests of the size). */
  get open(): number {
    return this.lanes.length;
  }

  /** Reads waiting for room (for the tests of the limit). */
  get waitingReads(): number {
    return this.waiting.length;
  }

  async query<R extends QueryResultRow>(config: QueryConfig): Promise<R[]> {
    if (this.ended) throw new Error(ENDED);
    const lane = this.pick() ?? (await this.waitForRoom());
    try {
      await lane.connected;
      this.corkForTurn(lane);
      const result = await lane.client.query<R>(config);
      return result.rows;
    } finally {
      lane.inFlight--;
      this.serveWaiting();
    }
  }

  async end(): Promise<void> {
    this.ended = true;
    for (const waiter of this.waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.refuse(new Error(ENDED));
    }
    const lanes = this.lanes.splice(0);
    await Promise.all(lanes.map((lane) => lane.client.end().catch(() => undefined)));
  }

  /**
   * The least busy usable connection with room, its slot taken; a new one while fewer than `size` are
   * open and all are busy; null when every connection is full.
   */
  private pick(): Lane | null {
    let lane: Lane | null = null;
    for (const open of this.lanes) if (!lane || open.inFlight < lane.inFlight) lane = open;
    if ((!lane || lane.inFlight > 0) && this.lanes.length < this.size) lane = this.openLane();
    if (!lane || lane.inFlight >= this.depth) return null;
    lane.inFlight++;
    return lane;
  }

  /** A slot on the first connection that has room, or READ_WAIT_TIMEOUT after `waitMs`. */
  private waitForRoom(): Promise<Lane> {
    return new Promise<Lane>((resolve, reject) => {
      const waiter: Waiter = {
        take: resolve,
        refuse: reject,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(new Error(READ_WAIT_TIMEOUT));
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Hands free slots to the reads waiting, oldest first. */
  private serveWaiting(): void {
    while (this.waiting.length > 0 && !this.ended) {
      const lane = this.pick();
      if (!lane) return;
      const waiter = this.waiting.shift()!;
      clearTimeout(waiter.timer);
      waiter.take(lane);
    }
  }

  private openLane(): Lane {
    const client = new Client({ ...this.config, pipeline: true });
    const lane: Lane = { client, connected: Promise.resolve(), inFlight: 0, corked: false };
    // A lost connection leaves the list at once, so every lane listed is one a read may use.
    const drop = () => {
      const at = this.lanes.indexOf(lane);
      if (at >= 0) this.lanes.splice(at, 1);
      this.serveWaiting(); // room for a new connection
    };
    // A connection lost while idle or mid-read: its reads fail with their own error; without a
    // listener this event would end the process.
    client.on("error", (error) => {
      drop();
      scopedLogger("db").warn({ reason: error.message }, "read connection lost");
    });
    client.on("end", drop);
    lane.connected = client.connect().then(
      () => undefined,
      (error: unknown) => {
        drop();
        client.end().catch(() => undefined);
        throw error;
      },
    );
    lane.connected.catch(() => undefined); // each waiting read reports it
    this.lanes.push(lane);
    return lane;
  }

  /** Holds the socket's writes until the loop's check phase: the reads of this turn go out together. */
  private corkForTurn(lane: Lane): void {
    if (lane.corked) return;
    const stream = (
      lane.client as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } } }
    ).connection.stream;
    lane.corked = true;
    stream.cork();
    setImmediate(() => {
      lane.corked = false;
      stream.uncork();
    });
  }
}
