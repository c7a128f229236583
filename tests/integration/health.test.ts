import { GET } from "@/app/api/health/route";
import { call } from "../helpers/http";

describe("GET /api/health", () => {
  test("answers ok when the database is reachable", async () => {
    const res = await call(GET, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { status: "ok", database: "ok" } });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
