// A request path whose percent-escapes do not decode (`/convite/abc%`, `/api/%E0%A4%A`: a lone %, or
// bytes that are not UTF-8) made Next answer a plain-text 500 before any of our code ran, API paths
// included. scripts/serve.mjs hands Next such a path with every % escaped (%25): the path then decodes
// to the text that was sent, and each route answers it as it answers any unknown path or token (the
// API's JSON 404, the link pages' "invalid link"). A path that decodes, and every query, are untouched.

/**
 * @param {string} url  the request target: path and optional query
 * @returns {string}
 */
export function saneUrl(url) {
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
 * @param {string} url
 * @returns {string | null}
 */
export function originForm(url) {
  if (url.startsWith("/")) return saneUrl(url);
  const absolute = ABSOLUTE_FORM.exec(url);
  if (!absolute) return null;
  const rest = url.slice(absolute[0].length);
  return saneUrl(rest.startsWith("/") ? rest : `/${rest}`);
}
