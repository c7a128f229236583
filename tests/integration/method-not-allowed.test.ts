// Every API route answers a verb it does not serve with 405 in the envelope and an
// `Allow` header naming the verbs it does serve — never Next's empty 405. Walks every route file.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = (req: Request, ctx: { params: Promise<Record<string, string[]>> }) => Promise<Response>;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === "route.ts" ? [path] : [];
  });
}

const root = join(__dirname, "../../app/api");
const files = routeFiles(root).filter((file) => !file.includes("[...path]"));

test("the route table is found", () => {
  expect(files.length).toBeGreaterThan(25);
});

for (const file of files) {
  const name = `/api/${relative(root, file).replace(/\/?route\.ts$/, "")}`;
  test(`${name}: every verb is exported; the ones it does not serve answer a JSON 405 with Allow`, async () => {
    const mod = (await import(file)) as Partial<Record<(typeof METHODS)[number], Handler>>;
    const answers: Record<string, { status: number; allow: string | null; body: unknown }> = {};
    for (const method of METHODS) {
      const handler = mod[method];
      expect(typeof handler).toBe("function");
      // No token and an empty JSON object: real handlers refuse it (401/400) or read harmlessly.
      const hasBody = method !== "GET";
      const req = new Request(`http://localhost${name}`, {
        method,
        headers: hasBody ? { "content-type": "application/json" } : {},
        body: hasBody ? "{}" : undefined,
      });
      const res = await handler!(req, { params: Promise.resolve({ key: ["x"] }) });
      const text = await res.text();
      answers[method] = { status: res.status, allow: res.headers.get("allow"), body: text ? JSON.parse(text) : null };
    }
    const refused = METHODS.filter((m) => answers[m]!.status === 405);
    const served = METHODS.filter((m) => answers[m]!.status !== 405);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThan(0);
    for (const method of refused) {
      expect(answers[method]).toEqual({
        status: 405,
        allow: served.join(", "),
        body: { error: { code: "method_not_allowed", message: "Método não permitido." } },
      });
    }
  });
}
