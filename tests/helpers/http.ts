// Calls an exported route handler with a real Request, as Next would, and reads the envelope.
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type CallOptions = {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
  method?: string;
  path?: string;
};

export type CallResult<T = unknown> = {
  status: number;
  headers: Headers;
  json: { data?: T; error?: { code: string; message: string; fields?: { path: string; message: string }[] } };
  /** The body as it was written. */
  text: string;
};

export async function call<T = unknown>(handler: Handler, options: CallOptions = {}): Promise<CallResult<T>> {
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  const headers: Record<string, string> = {
    ...(hasBody ? { "content-type": "application/json" } : {}),
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const req = new Request(`http://localhost${options.path ?? "/api/test"}`, {
    method: options.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : {}, text };
}
