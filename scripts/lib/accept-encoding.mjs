// Accept-Encoding, read the same way by scripts/serve.mjs's two compressions: the build's static files
// (scripts/lib/static-brotli.mjs) and the API's JSON answers (scripts/lib/api-compression.mjs).

/**
 * Whether an Accept-Encoding header accepts `coding`: listed by name, and not with q=0.
 * @param {string | string[] | null | undefined} header
 * @param {string} coding  lower case: "br", "gzip"
 * @returns {boolean}
 */
export function acceptsEncoding(header, coding) {
  if (!header) return false;
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
