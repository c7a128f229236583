// Accept-Encoding, read the same way by the app server's two compressions: the build's static files
// (static-brotli.ts) and the API's JSON answers (api-compression.ts).

/** Whether an Accept-Encoding header accepts `coding` (lower case: "br", "gzip"): listed by name, and not with q=0. */
export function acceptsEncoding(header: string | string[] | null | undefined, coding: string): boolean {
  if (!header) return false;
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
