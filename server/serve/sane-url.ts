// A request path whose percent-escapes do not decode (`/convite/abc%`, `/api/%E0%A4%A`: a lone %, or
// bytes that are not UTF-8) made Next answer a plain-text 500 before any of our code ran, API paths
// included. The app server (main.ts) hands Next such a path with every % escaped (%25): the path then decodes
// to the text that was sent, and each route answers it as it answers any unknown path or token (the
// API's JSON 404, the link pages' "invalid link"). A path that decodes, and every query, are untouched.

/** `url`: the request target, path and optional query. */
export function saneUrl(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.includes("%")) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replaceAll("%", "%25") + (query === -1 ? "" : url.slice(query));
  }
}

// HTTP/1.1 lets a request name its target in absolute form (`GET http://host/path`), which a browser
// only sends to a proxy. Next took the scheme and host for a path of its own and answered a 308 to that
// host (`Location: http://evil.example/login`), with none of the security headers.
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * The request target as the path (and query) the app routes on, escapes made sane: an origin-form
 * target as it is, an absolute-form one without its scheme and host (RFC 9112 §3.2.2). null for any
 * other form (`*`, `host:port`, garbage): not a resource of this server.
 */
export function originForm(url: string): string | null {
  if (url.startsWith("/")) return saneUrl(url);
  const absolute = ABSOLUTE_FORM.exec(url);
  if (!absolute) return null;
  const rest = url.slice(absolute[0].length);
  return saneUrl(rest.startsWith("/") ? rest : `/${rest}`);
}

// A path with a backslash or repeated slashes (`//evil.example/x`, `/api//me`, `/\evil.example/`) is
// not canonical. Next answered it with a 308 to the path collapsed, whose body echoed the path with no
// Content-Type and none of the security headers; the app server now writes that redirect itself.
const NOT_CANONICAL = /\\|\/\//;

/**
 * The canonical form of a target whose path holds a backslash or repeated slashes: backslashes turned
 * into slashes and each run of slashes into one, the query untouched (as Next collapses them). null
 * for a target already canonical. `target`: an origin-form target (originForm's result).
 */
export function collapsedPath(target: string): string | null {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (!NOT_CANONICAL.test(path)) return null;
  const collapsed = path.replaceAll("\\", "/").replace(/\/{2,}/g, "/") + (query === -1 ? "" : target.slice(query));
  // Node hands the target over byte by byte (latin1): a byte outside printable ASCII is escaped, so the
  // Location header can always be written.
  return collapsed.replace(/[^\x21-\x7e]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}
