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
