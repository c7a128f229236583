import { messages } from "@/lib/i18n/messages";

// Any /api path no route claims: the envelope's 404, not Next's HTML page.
function notFound(): Response {
  return Response.json({ error: { code: "not_found", message: messages.api.notFound } }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
