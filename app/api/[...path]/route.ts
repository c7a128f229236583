import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/respond";

// Any /api path no route claims: the envelope's 404 from the one error table, not Next's HTML page.
async function notFound(): Promise<Response> {
  return errorResponse(new AppError("not_found", messages.api.notFound));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
