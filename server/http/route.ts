import "server-only";
// Side effect: zod's pt-BR locale for every schema a route uses, wherever the schema was defined.
import "@/lib/contract/zod";
import type { z } from "zod";
import { messages } from "@/lib/i18n/messages";
import { authenticate } from "@/server/auth/authenticate";
import { authenticateLinkCaller, type LinkCaller } from "@/server/contabilization/mobile-session";
import { getConfig } from "@/server/config";
import type { Actor } from "@/server/policy/actor";
import { noteDatabaseReachable } from "@/server/db/errors";
import type { EarlyWork } from "@/server/early-work";
import { AppError } from "@/server/errors";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody, type LongStringListener } from "./read-body";
import { dataResponse, errorResponse, toAppError, zodToAppError } from "./respond";
import { uploadSlots } from "./upload-slots";
import type { WorkLimiter } from "@/server/work-limiter";

type Params = Record<string, string | string[] | undefined>;
type NextContext = { params: Promise<Params> };

type Options<S extends z.ZodType | undefined> = {
  /** zod schema of the JSON body; omitted = the call takes no payload. */
  body?: S;
  /** Cap for the body in bytes (default 1 MiB). */
  maxBytes?: number;
  /**
   * A large upload (images as data URLs): the caller is authenticated first, `Content-Length` is
   * checked against the cap (MAX_BODY_BYTES unless `maxBytes` is given) and an upload slot is taken
   * (429 when none is free for this user and office: upload-slots.ts) BEFORE a byte of the body is
   * read; the slot is held until the handler ends.
   */
  upload?: boolean;
  /**
   * Asked right after authentication, before the body is read: a caller the route can never serve
   * (the wrong platform) is refused without its upload being pulled.
   */
  guard?: (actor: Actor) => void;
  /**
   * With `upload`: work started on each long string value of the body (a data URL) as soon as its
   * last byte has arrived, while the rest is still coming; the handler takes its result from `early`
   * (by the string). Work not taken by the time the handler ends is dropped (`cancelled()` turns true).
   */
  early?: (value: string, cancelled: () => boolean) => Promise<unknown>;
  /**
   * A read that may be heavy for this body (a whole history): once the body is parsed, the rest (the
   * handler) runs under this limiter (heavy-reads.ts: 503 when it cannot start in time). null: not
   * heavy. Not with `upload`.
   */
  shed?: (body: Input<S>) => WorkLimiter | null;
};

class EarlyResults implements EarlyWork {
  private readonly started = new Map<string, Promise<unknown>>();
  private closed = false;

  constructor(private readonly work: (value: string, cancelled: () => boolean) => Promise<unknown>) {}

  readonly listen = (value: string): void => {
    if (this.closed || this.started.has(value)) return;
    const result = this.work(value, () => this.closed);
    result.catch(() => undefined); // its failure is the handler's to report, if it takes it
    this.started.set(value, result);
  };

  take(value: string): Promise<unknown> | undefined {
    const result = this.started.get(value);
    this.started.delete(value);
    return result;
  }

  close(): void {
    this.closed = true;
    this.started.clear();
  }
}

type Input<S> = S extends z.ZodType ? z.infer<S> : undefined;

type PublicContext<S> = { req: Request; body: Input<S>; params: Params };
type AuthedContext<S> = PublicContext<S> & { actor: Actor; early?: EarlyWork };

async function parseBody<S extends z.ZodType | undefined>(
  req: Request,
  options: Options<S>,
  maxBytes: number,
  onLongString?: LongStringListener,
): Promise<Input<S>> {
  if (!options.body) return undefined as Input<S>;
  // A GET carries no payload (spec §7: a call without one is a GET): it is the call with an empty body.
  const raw = req.method === "GET" ? {} : await readBody(req, maxBytes, onLongString);
  const parsed = options.body.safeParse(raw);
  if (!parsed.success) throw zodToAppError(parsed.error);
  return parsed.data as Input<S>;
}

function readBody(req: Request, maxBytes: number, onLongString?: LongStringListener): Promise<unknown> {
  const config = getConfig();
  return readJsonBody(req, maxBytes, onLongString, {
    idleMs: config.BODY_IDLE_MS,
    minBytesPerSecond: config.BODY_MIN_RATE_BYTES_PER_S,
    maxMs: config.BODY_MAX_MS,
    graceMs: config.BODY_RATE_GRACE_MS,
  });
}

function wrap(run: (req: Request, params: Params) => Promise<unknown>) {
  return async (req: Request, context?: NextContext): Promise<Response> => {
    try {
      const params = (await context?.params) ?? {};
      const response = dataResponse(await run(req, params));
      noteDatabaseReachable();
      return response;
    } catch (error) {
      // An unread body (refused before reading: 401, 413, 429) is dropped, not buffered.
      if (req.body && !req.bodyUsed) req.body.cancel().catch(() => undefined);
      return errorResponse(toAppError(error, `${req.method} ${new URL(req.url).pathname}`));
    }
  };
}

/** 413 from the declared length alone, before anything is read. */
function assertDeclaredLength(req: Request, maxBytes: number): void {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new AppError("too_large", messages.api.tooLarge);
}

/**
 * A route verb that needs a logged-in caller: bearer token checked against the database, body parsed
 * with its zod schema, answer wrapped in `{ data }`, every failure in `{ error: { code, message } }`.
 */
export function route<S extends z.ZodType | undefined = undefined>(
  options: Options<S>,
  handler: (ctx: AuthedContext<S>) => Promise<unknown>,
) {
  return wrap(async (req, params) => {
    const actor = await authenticate(req.headers.get("authorization"));
    options.guard?.(actor);
    if (!options.upload) {
      const body = await parseBody(req, options, options.maxBytes ?? DEFAULT_MAX_BODY_BYTES);
      const limiter = options.shed?.(body);
      if (limiter) return limiter.run(() => handler({ req, body, params, actor }));
      return handler({ req, body, params, actor });
    }
    const maxBytes = options.maxBytes ?? getConfig().MAX_BODY_BYTES;
    assertDeclaredLength(req, maxBytes);
    const owner = { userId: actor.userId, officeId: actor.accounting?.officeId ?? actor.business?.officeId ?? null };
    return uploadSlots.run(owner, async () => {
      const early = options.early ? new EarlyResults(options.early) : undefined;
      try {
        const body = await parseBody(req, options, maxBytes, early?.listen);
        return await handler({ req, body, params, actor, early });
      } finally {
        early?.close();
      }
    });
  });
}

/** A route verb open to anonymous callers (login, refresh, health, the mobile link). */
export function publicRoute<S extends z.ZodType | undefined = undefined>(
  options: Omit<Options<S>, "upload">,
  handler: (ctx: PublicContext<S>) => Promise<unknown>,
) {
  return wrap(async (req, params) =>
    handler({ req, body: await parseBody(req, options, options.maxBytes ?? DEFAULT_MAX_BODY_BYTES), params }),
  );
}

/**
 * A contabilization verb open to a logged-in operator OR to a phone's contabilization session, whose
 * token travels in the body's `link` (spec §7: /api/block/contabilize {blockId, link}). The
 * small body is parsed first; then `link` null or absent authenticates the bearer token as route()
 * does, a string authenticates that mobile session (server/contabilization/mobile-session.ts).
 */
export function linkRoute<S extends z.ZodType<{ link?: string | null }>>(
  options: Omit<Options<S>, "upload" | "guard" | "shed"> & { body: S },
  handler: (ctx: PublicContext<S> & { caller: LinkCaller }) => Promise<unknown>,
) {
  return wrap(async (req, params) => {
    const body = await parseBody(req, options, options.maxBytes ?? DEFAULT_MAX_BODY_BYTES);
    const link = (body as { link?: string | null }).link;
    const caller = await authenticateLinkCaller(req.headers.get("authorization"), link);
    return handler({ req, body, params, caller });
  });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * The verbs a route file does not serve, answering 405 in the envelope with an `Allow` header (Next's
 * own 405 has no body). Each route file ends with
 * `export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");` for the verbs it lacks.
 */
export function otherMethods(...allowed: Method[]): Record<Method, (req: Request) => Promise<Response>> {
  const allow = allowed.join(", ");
  const refuse = async () => {
    const response = errorResponse(new AppError("method_not_allowed", messages.api.methodNotAllowed));
    response.headers.set("Allow", allow);
    return response;
  };
  return Object.fromEntries(METHODS.map((method) => [method, refuse])) as Record<Method, typeof refuse>;
}

/**
 * The caller's address for throttling, or null when it cannot be trusted. Next's server only sets
 * X-Forwarded-For when the request lacks it, so without a proxy that overwrites the header the value is
 * whatever the caller typed: keying a limit on it would let anyone dodge the limit or lock out another
 * office's address. Behind a trusted proxy (TRUST_PROXY=true) the first entry is the client.
 */
export function clientAddress(req: Request, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const first = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return first || req.headers.get("x-real-ip") || null;
}

/**
 * The header the app server (server/serve/main.ts) sets on every request to the address of the connection (overwriting
 * whatever the caller sent): the address as seen, which Next's route handlers cannot read otherwise.
 */
export const PEER_ADDRESS_HEADER = "x-bloco-peer-address";

/**
 * The caller's address as seen, for limits keyed on an account AND an address (the login's): the
 * trusted proxy's client address (clientAddress), else the connection's (PEER_ADDRESS_HEADER); null
 * when neither is known (`next dev`). Behind a proxy that is not trusted every caller is the proxy: such
 * a key then counts as the account alone would, never looser.
 */
export function seenAddress(req: Request, trustProxy: boolean): string | null {
  return clientAddress(req, trustProxy) ?? (req.headers.get(PEER_ADDRESS_HEADER)?.trim() || null);
}

/** Set by the app server to "1" when the request came with a forwarding header (a proxy's), else removed. */
export const PEER_FORWARDED_HEADER = "x-bloco-peer-forwarded";
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether the caller is on this machine: the connection comes from a loopback address and carries no
 * forwarding header (a proxy on this machine forwards callers from anywhere). False when the app server did
 * not say (`next dev`, a handler called directly).
 */
export function isLoopbackCaller(req: Request): boolean {
  const peer = req.headers.get(PEER_ADDRESS_HEADER)?.trim() ?? "";
  return LOOPBACK.test(peer) && req.headers.get(PEER_FORWARDED_HEADER) !== "1";
}
