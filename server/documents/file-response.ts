import "server-only";
import type { ServedFile } from "./serve-file";

// The file route answers bytes, not the JSON envelope; this is its success answer (its errors use the
// envelope of server/http/respond.ts like every route). A picture is shown in place; anything else (the
// XML or PDF a document came as) is downloaded, never rendered under our origin: an XML the browser
// renders may carry markup and script of its own.
export function fileResponse(file: ServedFile): Response {
  const inline = file.contentType.startsWith("image/");
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      // Only the browser that holds the link may cache it, and not past the link's own expiry.
      "Cache-Control": `private, max-age=${Math.max(0, file.maxAgeSeconds)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": inline ? "inline" : "attachment",
    },
  });
}
