// Shared by the upload-*.test.ts files (not a test file itself: jest matches *.test.ts): a photo upload
// whose body is a stream the test controls, sent to the route handler as Next would.
import { POST as photoPost } from "@/app/api/operator/update/photo/route";

export async function sendPhotoUpload(body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  const req = new Request("http://localhost/api/operator/update/photo", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
  const res = await photoPost(req, { params: Promise.resolve({}) });
  return {
    status: res.status,
    headers: res.headers,
    json: (await res.json()) as { error?: { code: string; message: string } },
  };
}
