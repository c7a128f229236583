import { otherMethods } from "@/server/http/route";

// GET /api/health/live — liveness: the process answers (no database call). Also the static-JSON
// baseline that `npm run bench` measures the authenticated routes against.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(
    { data: { status: "ok" } },
    { headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } },
  );
}

// Any other verb: 405 in the envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
