// Through the real route handlers: an id past int4 and a NUL in a text field
// used to reach PostgreSQL and answer 500. Validation refuses both with 400 invalid_input first.
import { POST as contactPost } from "@/app/api/accounting/contact/route";
import { POST as officePost } from "@/app/api/accounting/info/route";
import { POST as clientPost } from "@/app/api/client/route";
import { POST as acceptPost } from "@/app/api/invite/accept/route";
import { POST as infoPost } from "@/app/api/invite/info/route";
import { POST as inviteAddPost } from "@/app/api/invited/add/route";
import { POST as inviteRemovePost } from "@/app/api/invited/remove/route";
import { POST as blockPost } from "@/app/api/operator/block/change/route";
import { POST as adminPost } from "@/app/api/operator/change/admin/route";
import { POST as sharedPost } from "@/app/api/operator/change/sharedto/route";
import { POST as changePasswordPost } from "@/app/api/operator/changePassword/route";
import { POST as profilePost } from "@/app/api/operator/profile/route";
import { POST as removeAccountingPost } from "@/app/api/operator/remove/accounting/route";
import { POST as removeClientPost } from "@/app/api/operator/remove/client/route";
import { POST as forgotPost } from "@/app/api/password/forgot/route";
import { POST as resetPost } from "@/app/api/password/reset/route";
import { POST as logoutPost } from "@/app/api/token/logout/route";
import { POST as refreshPost } from "@/app/api/token/refresh/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { getDb } from "@/server/db/client";
import { createAccountingOperator, createClient, createClientOperator } from "../helpers/factories";
import { call } from "../helpers/http";
import { captureLog } from "../helpers/log";

type Handler = typeof tokenPost;
const INVALID_ID = "Identificador inválido";
const INVALID_CHARACTERS = "Este campo contém caracteres inválidos";
const PAST_INT4 = 2_147_483_648;

// One user on both platforms, owner on each, so every route's own checks would let the call through:
// only the body can refuse it.
let token: string;
let email: string;
beforeAll(async () => {
  const owner = await createAccountingOperator({ type: 0 });
  const client = await createClient({ office: { id: owner.officeId }, responsible: owner });
  await createClientOperator({ client, type: 0, user: owner.user });
  email = owner.user.email;
  const res = await call<{ access: string }>(tokenPost, { body: { username: email, password: "demo1234" } });
  token = res.json.data!.access;
});

describe("an id past int4 answers 400 invalid_input on every route that takes one", () => {
  const cases: [string, Handler, Record<string, unknown>, string][] = [
    ["operator/change/admin", adminPost, { operatorId: PAST_INT4 }, "operatorId"],
    ["operator/change/admin (bussiness)", adminPost, { operatorId: PAST_INT4, platform: "bussiness" }, "operatorId"],
    ["operator/block/change", blockPost, { operatorId: PAST_INT4 }, "operatorId"],
    ["operator/change/sharedto", sharedPost, { operatorId: PAST_INT4 }, "operatorId"],
    ["operator/remove/accounting", removeAccountingPost, { operatorId: PAST_INT4 }, "operatorId"],
    ["operator/remove/client", removeClientPost, { operatorId: PAST_INT4 }, "operatorId"],
    ["invited/remove", inviteRemovePost, { inviteId: PAST_INT4 }, "inviteId"],
    ["client", clientPost, { clientId: PAST_INT4 }, "clientId"],
    ["accounting/contact", contactPost, { clientId: PAST_INT4 }, "clientId"],
    ["accounting/contact (1e20)", contactPost, { clientId: 1e20 }, "clientId"],
    ["operator/block/change (negative)", blockPost, { operatorId: -1 }, "operatorId"],
  ];

  test.each(cases)("%s", async (_name, handler, body, field) => {
    const log = captureLog();
    const res = await call(handler, { body, token });
    log.restore();
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe("invalid_input");
    expect(res.json.error?.fields).toEqual([{ path: field, message: INVALID_ID }]);
  });

  test("the largest int4 is a valid id: not found, not 400 or 500", async () => {
    const res = await call(contactPost, { body: { clientId: 2_147_483_647 }, token });
    expect(res.status).toBe(404);
  });
});

describe("a NUL in a text field answers 400 invalid_input, the public login included", () => {
  const NUL = "\u0000";
  const address = {
    cep: "01310-100",
    city: "São Paulo",
    neighboor: "Bela Vista",
    number: "1578",
    state: "SP",
    street: "Avenida Paulista",
  };
  const office = {
    name: "Escritório",
    code: "11.222.333/0001-81",
    email: "contato@escritorio.com",
    phone: "(11) 9 8765-4321",
    address,
  };
  // [route, handler, authenticated, body, field path]
  const cases: [string, Handler, boolean, () => Record<string, unknown>, string][] = [
    ["token: username", tokenPost, false, () => ({ username: `x${NUL}@y.com`, password: "demo1234" }), "username"],
    [
      "token: a known username with a NUL",
      tokenPost,
      false,
      () => ({ username: `${email}${NUL}`, password: "demo1234" }),
      "username",
    ],
    ["token: password", tokenPost, false, () => ({ username: email, password: `demo1234${NUL}` }), "password"],
    ["token/refresh", refreshPost, false, () => ({ refresh: `abc${NUL}` }), "refresh"],
    ["token/logout", logoutPost, false, () => ({ refresh: `abc${NUL}` }), "refresh"],
    ["password/forgot", forgotPost, false, () => ({ email: `x${NUL}@y.com` }), "email"],
    ["password/reset", resetPost, false, () => ({ token: `abc${NUL}`, password: "segredo1" }), "token"],
    ["invite/info", infoPost, false, () => ({ token: `abc${NUL}` }), "token"],
    [
      "invite/accept: name",
      acceptPost,
      false,
      () => ({ token: "abc", name: `Ana${NUL}`, password: "segredo1" }),
      "name",
    ],
    ["invited/add", inviteAddPost, true, () => ({ email: `novo${NUL}@y.com` }), "email"],
    [
      "operator/profile: name",
      profilePost,
      true,
      () => ({ name: `Ana${NUL}`, code: "529.982.247-25", email, phone: "(11) 9 8765-4321" }),
      "name",
    ],
    [
      "accounting/info: street",
      officePost,
      true,
      () => ({ accounting: { ...office, address: { ...address, street: `Rua${NUL}` } } }),
      "accounting.address.street",
    ],
    [
      "client: name",
      clientPost,
      true,
      () => ({
        client: {
          name: `Empresa${NUL}`,
          code: "11.222.333/0001-81",
          email: "a@b.com",
          phone: "(11) 9 8765-4321",
          address,
        },
      }),
      "client.name",
    ],
    [
      "token: username with another control character",
      tokenPost,
      false,
      () => ({ username: `x\u001b@y.com`, password: "demo1234" }),
      "username",
    ],
    // Last: before the fix it succeeded and ended every session of the shared caller.
    [
      "operator/changePassword",
      changePasswordPost,
      true,
      () => ({ currentPassword: "demo1234", newPassword: `segredo${NUL}` }),
      "newPassword",
    ],
  ];

  test.each(cases)("%s", async (_name, handler, authenticated, body, field) => {
    const log = captureLog();
    const res = await call(handler, { body: body(), token: authenticated ? token : undefined });
    log.restore();
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe("invalid_input");
    expect(res.json.error?.fields).toEqual([{ path: field, message: INVALID_CHARACTERS }]);
  });

  test("a refused login with a NUL is not counted against the account", async () => {
    await call(tokenPost, { body: { username: `${email}${NUL}`, password: "errada" } });
    expect(await getDb().loginThrottle.count()).toBe(0);
  });
});
