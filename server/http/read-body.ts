import "server-only";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "./errors";

export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

// Reads a JSON body without ever holding more than maxBytes: Content-Length is checked first, then
// the stream is counted as it arrives (a lying or absent Content-Length cannot get past the cap).
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new AppError("too_large", messages.api.tooLarge);
  if (!req.body) return undefined;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // 'aborted' / ECONNRESET: the caller closed the connection mid-body (a load tool stopping, a tab
      // closed). Not a server failure: answer 499 without the stack trace of a 500.
      throw new AppError("client_closed", messages.api.clientClosed, { cause: error });
    });
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new AppError("too_large", messages.api.tooLarge);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks, total).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", messages.api.invalidJson);
  }
}
