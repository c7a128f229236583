// At the schema level: one id schema (positive int32: PostgreSQL SERIAL) and
// text schemas that refuse control characters before anything reaches the database (a NUL is
// PostgreSQL error 22021, which answered 500).
import type { z } from "zod";
import { tokenBody, refreshBody } from "@/lib/contract/auth";
import { ID_MAX } from "@/lib/constants";
import { idSchema } from "@/lib/contract/ids";
import {
  forgotPasswordBody,
  inviteAcceptBody,
  inviteAddBody,
  inviteRemoveBody,
  inviteTokenBody,
  resetPasswordBody,
} from "@/lib/contract/invites";
import { clientData, clientIdBody, clientRequestBody, logoBody, officeBody } from "@/lib/contract/offices";
import {
  changePasswordBody,
  operatorIdBody,
  operatorPhotoBody,
  operatorProfileBody,
  operatorTargetBody,
} from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { hasForbiddenCharacters } from "@/lib/validation";
import {
  emailSchema,
  multilineTextSchema,
  passwordSchema,
  requiredSchema,
  secretSchema,
  textSchema,
} from "@/lib/validation/schemas";

const v = messages.validation;
const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("idSchema", () => {
  test.each([1, 42, ID_MAX])("accepts %p", (id) => expect(idSchema.parse(id)).toBe(id));

  const refused: [unknown, string][] = [
    [2_147_483_648, "2^31: past PostgreSQL int4"],
    [Number.MAX_SAFE_INTEGER, "the largest safe integer"],
    [1e20, "far past int4"],
    [0, "zero"],
    [-1, "negative"],
    [1.5, "a fraction"],
    [Number.NaN, "NaN"],
    [Number.POSITIVE_INFINITY, "infinity"],
    ["1", "a numeric string"],
    [null, "null"],
  ];
  test.each(refused)("refuses %p (%s) with 'Identificador inválido'", (id) => {
    const result = idSchema.safeParse(id);
    expect(result.success).toBe(false);
    expect(messagesOf(result)).toEqual([v.invalidId]);
  });

  test("a missing id says the field is required", () => {
    expect(messagesOf(idSchema.safeParse(undefined))).toEqual([messages.api.required]);
  });

  // Every request body of lib/contract that carries an id: a new contract with an id field belongs here.
  const bodies: [string, z.ZodType, Record<string, unknown>, string][] = [
    ["operatorTargetBody", operatorTargetBody, { operatorId: 1, platform: "accounting" }, "operatorId"],
    ["operatorIdBody", operatorIdBody, { operatorId: 1 }, "operatorId"],
    ["inviteRemoveBody", inviteRemoveBody, { inviteId: 1 }, "inviteId"],
    ["clientIdBody", clientIdBody, { clientId: 1 }, "clientId"],
    ["clientRequestBody", clientRequestBody, { clientId: 1 }, "clientId"],
  ];
  test.each(bodies)("%s refuses an id of 2^31 on its own field", (_name, schema, body, field) => {
    expect(schema.safeParse(body).success).toBe(true);
    const result = schema.safeParse({ ...body, [field]: 2_147_483_648 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message: v.invalidId })]);
  });
});

describe("control characters", () => {
  const C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
  const forbiddenEverywhere = [
    ...C0.filter((c) => !"\t\n\r".includes(c)),
    "\u007f",
    "\ud800",
    "\udfff",
    "a\ud83d",
    "\ude00b",
  ];

  test.each(forbiddenEverywhere.map((c) => [JSON.stringify(c), c]))(
    "single and multi-line text refuse %s",
    (_label, c) => {
      expect(hasForbiddenCharacters(`x${c}y`)).toBe(true);
      expect(hasForbiddenCharacters(`x${c}y`, { multiline: true })).toBe(true);
      expect(messagesOf(textSchema.safeParse(`x${c}y`))).toEqual([v.invalidCharacters]);
      expect(messagesOf(multilineTextSchema.safeParse(`x${c}y`))).toEqual([v.invalidCharacters]);
    },
  );

  test.each(["\t", "\n", "\r", "\r\n"])("%j: refused on a single line, kept by the multi-line variant", (c) => {
    expect(messagesOf(textSchema.safeParse(`linha 1${c}linha 2`))).toEqual([v.invalidCharacters]);
    expect(multilineTextSchema.parse(` linha 1${c}linha 2 `)).toBe(`linha 1${c}linha 2`);
  });

  test.each(["São João — Ltda.", "Açaí 🍇 & Cia", "José D'Ávila", "ÑandÚ", "\u00a0espaço\u00a0"])(
    "accepts ordinary text %j",
    (text) => {
      expect(hasForbiddenCharacters(text)).toBe(false);
      expect(textSchema.safeParse(text).success).toBe(true);
      expect(requiredSchema.safeParse(text).success).toBe(true);
    },
  );

  test("required text: blank is empty, a NUL is invalid characters", () => {
    expect(messagesOf(requiredSchema.safeParse("  "))).toEqual([v.empty]);
    expect(messagesOf(requiredSchema.safeParse("Ana\u0000"))).toEqual([v.invalidCharacters]);
  });

  test.each([
    ["e-mail", emailSchema, "x\u0000@y.com"],
    ["e-mail with a tab inside", emailSchema, "x\t@y.com"],
  ])("field schemas name the characters, not the shape: %s", (_name, schema, input) => {
    expect(messagesOf(schema.safeParse(input))).toEqual([v.invalidCharacters]);
  });

  test("passwords may hold any character except NUL", () => {
    for (const schema of [passwordSchema, secretSchema]) {
      expect(schema.safeParse("ab\tc d\u0007ef\u007f").success).toBe(true);
      expect(messagesOf(schema.safeParse("abcdef\u0000"))).toEqual([v.invalidCharacters]);
    }
  });

  // A representative field of every request body with free text: each refuses a NUL on that field.
  const validAddress = {
    cep: "01310-100",
    city: "São Paulo",
    neighboor: "Bela Vista",
    number: "1578",
    state: "SP",
    street: "Av. Paulista",
  };
  const validOffice = {
    name: "Escritório",
    code: "11.222.333/0001-81",
    email: "a@b.com",
    phone: "(11) 9 8765-4321",
    address: validAddress,
  };
  const validProfile = { name: "Ana", code: "529.982.247-25", email: "a@b.com", phone: "(11) 9 8765-4321" };
  const cases: [string, z.ZodType, Record<string, unknown>, (nul: string) => Record<string, unknown>, string][] = [
    [
      "login username",
      tokenBody,
      { username: "a@b.com", password: "123456" },
      (n) => ({ username: `x${n}@y.com` }),
      "username",
    ],
    [
      "login password",
      tokenBody,
      { username: "a@b.com", password: "123456" },
      (n) => ({ password: `123456${n}` }),
      "password",
    ],
    ["refresh token", refreshBody, { refresh: "abc" }, (n) => ({ refresh: `abc${n}` }), "refresh"],
    ["invite e-mail", inviteAddBody, { email: "a@b.com" }, (n) => ({ email: `a${n}@b.com` }), "email"],
    ["invite token", inviteTokenBody, { token: "abc" }, (n) => ({ token: `abc${n}` }), "token"],
    [
      "invite accept name",
      inviteAcceptBody,
      { token: "abc", name: "Ana", password: "123456" },
      (n) => ({ name: `Ana${n}` }),
      "name",
    ],
    [
      "invite accept password",
      inviteAcceptBody,
      { token: "abc", password: "123456" },
      (n) => ({ password: `123456${n}` }),
      "password",
    ],
    ["forgot e-mail", forgotPasswordBody, { email: "a@b.com" }, (n) => ({ email: `a@b.com${n}` }), "email"],
    ["reset token", resetPasswordBody, { token: "abc", password: "123456" }, (n) => ({ token: `a${n}bc` }), "token"],
    ["profile name", operatorProfileBody, validProfile, (n) => ({ name: `Ana${n}` }), "name"],
    [
      "profile current password",
      operatorProfileBody,
      validProfile,
      (n) => ({ currentPassword: `123456${n}` }),
      "currentPassword",
    ],
    [
      "change password",
      changePasswordBody,
      { currentPassword: "123456", newPassword: "1234567" },
      (n) => ({ newPassword: `1234567${n}` }),
      "newPassword",
    ],
    [
      "photo type hint",
      operatorPhotoBody,
      { type: "image/png", base64url: "data:" },
      (n) => ({ type: `image/png${n}` }),
      "type",
    ],
    ["logo type hint", logoBody, { type: "image/png", base64url: "data:" }, (n) => ({ type: `image/png${n}` }), "type"],
    [
      "office street",
      officeBody,
      { accounting: validOffice },
      (n) => ({ accounting: { ...validOffice, address: { ...validAddress, street: `Rua${n}` } } }),
      "accounting.address.street",
    ],
    [
      "office name",
      officeBody,
      { accounting: validOffice },
      (n) => ({ accounting: { ...validOffice, name: `E${n}` } }),
      "accounting.name",
    ],
    [
      "office logo link",
      officeBody,
      { accounting: validOffice },
      (n) => ({ accounting: { ...validOffice, pictureUrl: `/api/files/x${n}` } }),
      "accounting.pictureUrl",
    ],
  ];
  test.each(cases)("%s refuses a NUL", (_name, schema, valid, patch, path) => {
    expect(schema.safeParse(valid).success).toBe(true);
    const result = schema.safeParse({ ...valid, ...patch("\u0000") });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([[path, v.invalidCharacters]]);
  });

  test("an individual client's optional e-mail refuses a NUL too", () => {
    const schema = clientData("individual");
    const valid = { name: "Ana", code: "529.982.247-25", email: null, phone: null, address: validAddress };
    expect(schema.safeParse(valid).success).toBe(true);
    expect(messagesOf(schema.safeParse({ ...valid, email: "a\u0000@b.com" }))).toEqual([v.invalidCharacters]);
  });
});
