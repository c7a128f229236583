import "server-only";
import { scopedLogger } from "@/server/log";
import { ZodError } from "zod";
import { messages } from "@/lib/i18n/messages";
import { classifyDatabaseError, noteDatabaseUnavailable } from "@/server/db/errors";
import { AppError, type FieldIssue } from "@/server/errors";
import { attachmentDisposition, FileDownload } from "@/server/file-download";

const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

// BigInt (money in cents) never reaches JSON.stringify unconverted: services convert, this is the net.
// A replacer turns off V8's fast serialiser for every answer, so it is used only when the plain call
// meets a BigInt (the one TypeError JSON.stringify throws for a tree without cycles).
const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/** JSON text of an answer's value, BigInts as strings. */
function toJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return JSON.stringify(value, replacer);
  }
}

export function dataResponse(data: unknown): Response {
  if (data instanceof FileDownload) return downloadResponse(data);
  return new Response(toJson({ data: data ?? {} }), { status: 200, headers });
}

/** A file handed out (an export): its bytes, never cached, never sniffed, always downloaded. */
function downloadResponse(file: FileDownload): Response {
  // Our bytes are never a SharedArrayBuffer view (encoders and fflate allocate plain ArrayBuffers).
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": attachmentDisposition(file.filename),
    },
  });
}

export function errorResponse(error: AppError): Response {
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.details ? { details: error.details } : {}),
      ...error.extra,
    },
  };
  return new Response(JSON.stringify(body), { status: error.status, headers: { ...headers, ...error.headers } });
}

export function zodToAppError(error: ZodError): AppError {
  const fields: FieldIssue[] = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = fields[0];
  const detail = first ? ` ${first.path ? `${first.path}: ` : ""}${first.message}` : "";
  return new AppError("invalid_input", `${messages.api.invalidInput}${detail}`, { fields });
}

export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Maps anything thrown by a handler to the envelope: AppError as it is; zod's issues as 400; a unique
 * violation, a row referred to that another write removed, a deadlock or a serialization failure 409
 * (reload and try again), a missing row 404; a value PostgreSQL refuses (class 22: out of range, bad encoding)
 * 400; a database that cannot be reached or cannot hand out a connection in time 503 with Retry-After
 * (logged once per outage). Only what is left is a 500, logged with its stack.
 */
export function toAppError(error: unknown, where: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return zodToAppError(error);
  switch (classifyDatabaseError(error)) {
    case "unique":
    case "conflict":
      return new AppError("conflict", messages.api.conflict);
    case "missing":
      return new AppError("not_found", messages.api.notFound);
    case "invalid_data":
      return new AppError("invalid_input", messages.api.invalidData);
    case "unavailable":
      noteDatabaseUnavailable(error);
      return new AppError("unavailable", messages.api.databaseUnavailable, {
        headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      });
  }
  scopedLogger("api").error({ err: error, where }, `${where} failed`);
  return new AppError("internal", messages.api.internal);
}
