import "server-only";
// Side effect: zod's pt-BR locale for every schema a route uses, wherever the schema was defined.
import "@/lib/contract/zod";
import type { z } from "zod";
import { authenticate } from "@/server/auth/authenticate";
import type { Actor } from "@/server/policy/actor";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from "./read-body";
import { dataResponse, errorResponse, toAppError, zodToAppError } from "./respond";

type Params = Record<string, string | string[] | undefined>;
type NextContext = { params: Promise<Params> };

type Options<S extends z.ZodType | undefined> = {
  /** zod schema of the JSON body; omitted = the call takes no payload. */
  body?: S;
  /** Cap for the body in bytes (default 1 MiB; uploads raise it). */
  maxBytes?: number;
};

type Input<S> = S extends z.ZodType ? z.infer<S> : undefined;

type PublicContext<S> = { req: Request; body: Input<S>; params: Params };
type AuthedContext<S> = PublicContext<S> & { actor: Actor };

async function parseBody<S extends z.ZodType | undefined>(req: Request, options: Options<S>): Promise<Input<S>> {
  if (!options.body) return undefined as Input<S>;
  const raw = await readJsonBody(req, options.maxBytes ?? DEFAULT_MAX_BODY_BYTES);
  const parsed = options.body.safeParse(raw);
  if (!parsed.success) throw zodToAppError(parsed.error);
  return parsed.data as Input<S>;
}

function wrap(run: (req: Request, params: Params) => Promise<unknown>) {
  return async (req: Request, context?: NextContext): Promise<Response> => {
    try {
      const params = (await context?.params) ?? {};
      return dataResponse(await run(req, params));
    } catch (error) {
      return errorResponse(toAppError(error, `${req.method} ${new URL(req.url).pathname}`));
    }
  };
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
    const body = await parseBody(req, options);
    return handler({ req, body, params, actor });
  });
}

/** A route verb open to anonymous callers (login, refresh, health, the mobile link). */
export function publicRoute<S extends z.ZodType | undefined = undefined>(
  options: Options<S>,
  handler: (ctx: PublicContext<S>) => Promise<unknown>,
) {
  return wrap(async (req, params) => handler({ req, body: await parseBody(req, options), params }));
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
