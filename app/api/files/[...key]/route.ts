import { fileResponse } from "@/server/documents/file-response";
import { serveFile } from "@/server/documents/serve-file";
import { errorResponse, toAppError } from "@/server/http/respond";
import { otherMethods } from "@/server/http/route";

// GET /api/files/<key>?exp=&sig= — the bytes of a private document behind a signed, expiring link.
// Its answer is bytes, not the `{ data }` envelope, so it has no route() wrapper; its errors go through
// the same error table as every other route.
export async function GET(request: Request, { params }: { params: Promise<{ key: string[] }> }): Promise<Response> {
  try {
    const { key } = await params;
    const query = new URL(request.url).searchParams;
    return fileResponse(await serveFile({ key: key.join("/"), exp: query.get("exp"), sig: query.get("sig") }));
  } catch (error) {
    return errorResponse(toAppError(error, "GET /api/files"));
  }
}

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
