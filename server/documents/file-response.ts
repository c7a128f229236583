import "server-only";
import { AppError } from "@/server/http/errors";
import { messages } from "@/lib/i18n/messages";
import type { ServedFile } from "./serve-file";

// The file route answers bytes, not the JSON envelope, so it does not go through the generic route
// wrapper; these two helpers are its whole HTTP layer.

export function fileResponse(file: ServedFile): Response {
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      // Only the browser that holds the link may cache it, and not past the link's own expiry.
      "Cache-Control": `private, max-age=${Math.max(0, file.maxAgeSeconds)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}

export function fileErrorResponse(error: unknown): Response {
  const known = error instanceof AppError ? error : null;
  if (!known) console.error("[api/files] unexpected error", error);
  const code = known?.code ?? "internal";
  const message = known?.message ?? messages.api.internal;
  return Response.json(
    { error: { code, message } },
    { status: known?.status ?? 500, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } },
  );
}
