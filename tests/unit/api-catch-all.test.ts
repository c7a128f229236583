// Any /api path no route claims answers the envelope's 404 (the error table's status and headers), for
// every verb, never Next's HTML page.
import * as catchAll from "@/app/api/[...path]/route";
import { messages } from "@/lib/i18n/messages";

test.each(["GET", "POST", "PUT", "PATCH", "DELETE"] as const)(
  "%s /api/<unknown> → 404 not_found in the envelope",
  async (verb) => {
    const response = await catchAll[verb]();
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: { code: "not_found", message: messages.api.notFound } });
  },
);
