import "server-only";
import { ZodError } from "zod";
import { messages } from "@/lib/i18n/messages";
import { Prisma } from "@/server/db/client";
import { AppError, type FieldIssue } from "./errors";

const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

// BigInt (money in cents) never reaches JSON.stringify unconverted: services convert, this is the net.
const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

export function dataResponse(data: unknown): Response {
  return new Response(JSON.stringify({ data: data ?? {} }, replacer), { status: 200, headers });
}

export function errorResponse(error: AppError): Response {
  const body = { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
  return new Response(JSON.stringify(body), { status: error.status, headers: { ...headers, ...error.headers } });
}

export function zodToAppError(error: ZodError): AppError {
  const fields: FieldIssue[] = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = fields[0];
  const detail = first ? ` ${first.path ? `${first.path}: ` : ""}${first.message}` : "";
  return new AppError("invalid_input", `${messages.api.invalidInput}${detail}`, { fields });
}

/** Maps anything thrown by a handler to the envelope; unknown errors are logged and answer 500. */
export function toAppError(error: unknown, where: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return zodToAppError(error);
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return new AppError("conflict", messages.api.conflict);
    if (error.code === "P2025") return new AppError("not_found", messages.api.notFound);
  }
  console.error(`[api] ${where} failed:`, error);
  return new AppError("internal", messages.api.internal);
}
