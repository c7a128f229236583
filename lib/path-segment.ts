/**
 * A token taken from the address (the invite, password-reset and QR pages): percent-decoded, or as it
 * came when its escapes are malformed (`%E0%A4%A`), which decodeURIComponent refuses with a URIError.
 * Such a token is never one we issued (ours are base64url), so the page shows the server's "unknown
 * link" answer instead of failing to render.
 */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
