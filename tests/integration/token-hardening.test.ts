// Logout ends the access token at once (it belongs to its login session),
// and only tokens of ours, complete and of the right kind, are accepted.
import { SignJWT } from "jose";
import { POST as tokenPost } from "@/app/api/token/route";
import { POST as logoutPost } from "@/app/api/token/logout/route";
import { POST as refreshPost } from "@/app/api/token/refresh/route";
import { GET as meGet } from "@/app/api/me/route";
import { createAccountingOperator } from "../helpers/factories";
import { call } from "../helpers/http";

type Pair = { access: string; refresh: string };
const login = async (username: string) =>
  (await call<Pair>(tokenPost, { body: { username, password: "demo1234" } })).json.data!;
const me = (token: string) => call(meGet, { token });
const secret = new TextEncoder().encode(process.env.JWT_SECRET!);

describe("logout", () => {
  test("the access token of the session is refused on the very next call; another session lives on", async () => {
    const operator = await createAccountingOperator();
    const phone = await login(operator.user.email);
    const desktop = await login(operator.user.email);
    expect((await me(phone.access)).status).toBe(200);
    expect((await call(logoutPost, { body: { refresh: phone.refresh } })).status).toBe(200);
    const after = await me(phone.access);
    expect(after.status).toBe(401);
    expect(after.json.error?.code).toBe("unauthenticated");
    expect((await me(desktop.access)).status).toBe(200);
  });

  test("a refreshed pair stays tied to the session: logout after rotation ends the new access token", async () => {
    const operator = await createAccountingOperator();
    const first = await login(operator.user.email);
    const rotated = (await call<Pair>(refreshPost, { body: { refresh: first.refresh } })).json.data!;
    expect((await me(rotated.access)).status).toBe(200);
    await call(logoutPost, { body: { refresh: rotated.refresh } });
    expect((await me(rotated.access)).status).toBe(401);
    expect((await me(first.access)).status).toBe(401);
  });
});

describe("strict access tokens", () => {
  let userId: number;
  let familyId: string;
  beforeAll(async () => {
    const operator = await createAccountingOperator();
    const { access } = await login(operator.user.email);
    userId = operator.userId;
    familyId = JSON.parse(Buffer.from(access.split(".")[1]!, "base64url").toString()).fam;
  });

  type Forge = { header?: Record<string, unknown>; claims?: Record<string, unknown>; omit?: string[] };
  async function forge({ header = {}, claims = {}, omit = [] }: Forge): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload: Record<string, unknown> = {
      token_type: "access",
      iat_ms: Date.now(),
      fam: familyId,
      sub: String(userId),
      iat: now,
      exp: now + 300,
      jti: "j1",
      ...claims,
    };
    for (const key of omit) delete payload[key];
    return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT", ...header }).sign(secret);
  }

  test("a well-formed forged-with-our-key token is accepted (the control case)", async () => {
    expect((await me(await forge({}))).status).toBe(200);
  });

  const refused: { name: string; forge: Forge }[] = [
    { name: "no exp", forge: { omit: ["exp"] } },
    { name: "no iat", forge: { omit: ["iat"] } },
    { name: "no jti", forge: { omit: ["jti"] } },
    { name: "no session (fam)", forge: { omit: ["fam"] } },
    { name: "a session id that is not a uuid", forge: { claims: { fam: "x' OR 1=1" } } },
    { name: "no iat_ms", forge: { omit: ["iat_ms"] } },
    { name: "a refresh token used as access", forge: { claims: { token_type: "refresh" } } },
    { name: "another header type", forge: { header: { typ: "at+jwt" } } },
    { name: "sub past 32 bits", forge: { claims: { sub: "2147483648" } } },
    { name: "sub with leading zeros or sign", forge: { claims: { sub: "+12" } } },
    { name: "expired", forge: { claims: { exp: Math.floor(Date.now() / 1000) - 10 } } },
  ];
  for (const { name, forge: f } of refused) {
    test(`401, never 500, for ${name}`, async () => {
      const res = await me(await forge(f));
      expect(res.status).toBe(401);
      expect(res.json.error?.code).toBe("unauthenticated");
    });
  }

  test("alg none and HS512 are refused", async () => {
    const body = Buffer.from(
      JSON.stringify({
        sub: String(userId),
        token_type: "access",
        fam: familyId,
        iat: 1,
        exp: 9_999_999_999,
        jti: "j",
      }),
    ).toString("base64url");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${body}.`;
    expect((await me(none)).status).toBe(401);
    const hs512 = await new SignJWT({ token_type: "access", fam: familyId, iat_ms: Date.now() })
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime("5m")
      .setJti("j")
      .sign(secret);
    expect((await me(hs512)).status).toBe(401);
  });
});
