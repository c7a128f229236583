import "server-only";

/**
 * A file a service hands out for download (an export): the route wrapper answers its bytes with
 * `Content-Disposition: attachment` instead of the `{ data }` envelope. Services stay free of Response.
 */
export class FileDownload {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
    /** The file's name; non-ASCII characters go in `filename*` (RFC 6266), an ASCII stand-in in `filename`. */
    readonly filename: string,
  ) {}
}

/** The Content-Disposition of a download: an ASCII `filename` for old clients, the exact name in `filename*`. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
