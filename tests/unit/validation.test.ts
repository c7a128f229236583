import {
  isValidAddressNumber,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidPhone,
  onlyDigits,
} from "@/lib/validation";
import {
  cepSchema,
  cnpjSchema,
  cpfSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  requiredSchema,
} from "@/lib/validation/schemas";
import { ISSUE_LABELS, issueLabel } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";

// Valid numbers are public examples checked by hand, never computed by the code under test:
// CPF 529.982.247-25: 5*10+2*9+9*8+9*7+8*6+2*5+2*4+4*3+7*2 = 295, 295 % 11 = 9, 11-9 = 2;
//   then 5*11+2*10+9*9+9*8+8*7+2*6+2*5+4*4+7*3+2*2 = 347, 347 % 11 = 6, 11-6 = 5.
// CNPJ 11.222.333/0001-81: 1*5+1*4+2*3+2*2+2*9+3*8+3*7+3*6+0+0+0+1*2 = 102, 102 % 11 = 3, 11-3 = 8;
//   then 1*6+1*5+2*4+2*3+2*2+3*9+3*8+3*7+0+0+0+1*3+8*2 = 120, 120 % 11 = 10, 11-10 = 1.
describe("isValidCpf", () => {
  test.each([
    ["529.982.247-25", "masked"],
    ["52998224725", "digits only"],
    ["111.444.777-35", "classic example"],
    ["935.411.347-80", "second digit from remainder"],
    ["390.533.447-05", "check digit 0 from remainder < 2"],
    ["012.345.678-90", "leading zero"],
    ["  529.982.247-25 ", "surrounding spaces"],
  ])("accepts %s (%s)", (cpf) => expect(isValidCpf(cpf)).toBe(true));

  test.each([
    ["529.982.247-26", "wrong second check digit"],
    ["529.982.247-35", "wrong first check digit"],
    ["123.456.789-09", "the refused textbook number"],
    ["12345678909", "the refused textbook number, digits"],
    ["111.111.111-11", "all the same digit (passes mod 11)"],
    ["000.000.000-00", "all zeros"],
    ["5299822472", "10 digits"],
    ["529982247250", "12 digits"],
    ["", "empty"],
    ["529.982.247-2a", "a letter"],
    ["11.222.333/0001-81", "a CNPJ"],
  ])("refuses %s (%s)", (cpf) => expect(isValidCpf(cpf)).toBe(false));
});

describe("isValidCnpj", () => {
  test.each([
    ["11.222.333/0001-81", "masked"],
    ["11222333000181", "digits only"],
    ["00.000.000/0001-91", "Banco do Brasil, leading zeros"],
    ["33.000.167/0001-01", "Petrobras"],
    ["60.701.190/0001-04", "Itaú Unibanco"],
    ["11.444.777/0001-61", "classic example"],
  ])("accepts %s (%s)", (cnpj) => expect(isValidCnpj(cnpj)).toBe(true));

  test.each([
    ["11.222.333/0001-82", "wrong second check digit"],
    ["11.222.333/0001-91", "wrong first check digit"],
    ["11.111.111/1111-11", "all the same digit"],
    ["00.000.000/0000-00", "all zeros"],
    ["1122233300018", "13 digits"],
    ["112223330001811", "15 digits"],
    ["529.982.247-25", "a CPF"],
    ["11.222.333/0001-8X", "a letter"],
    ["", "empty"],
  ])("refuses %s (%s)", (cnpj) => expect(isValidCnpj(cnpj)).toBe(false));
});

describe("isValidEmail", () => {
  test.each(["dono@escritorio.demo", "a.b+tag@sub.dominio.com.br", "x_y-z@empresa.io", "USER@EXAMPLE.COM"])(
    "accepts %s",
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  test.each([
    "",
    "semarroba.com",
    "a@b",
    "a@@b.com",
    "a b@c.com",
    "a@b..com",
    "a@-b.com",
    "@b.com",
    "a@b.com.",
    `${"a".repeat(250)}@b.com`,
  ])("refuses %j", (email) => expect(isValidEmail(email)).toBe(false));
});

describe("isValidCep / isValidPhone / isValidAddressNumber", () => {
  test.each([
    ["01310-100", true],
    ["01310100", true],
    ["01310-10", false],
    ["0131-0100", false],
    ["013101000", false],
    ["", false],
  ])("CEP %j -> %s", (cep, ok) => expect(isValidCep(cep)).toBe(ok));

  test.each([
    ["(11) 9 8765-4321", true],
    ["11987654321", true],
    ["(11) 98765-4321", false],
    ["(11) 9 8765-432", false],
    ["(11)9 8765-4321", false],
    ["1198765432", false],
    ["(31) 3333-4444", true],
    ["3133334444", true],
    ["(31) 3333-444", false],
    ["(31) 9333-4444", false],
    ["(31) 1333-4444", false],
    ["", false],
  ])("phone %j -> %s", (phone, ok) => expect(isValidPhone(phone)).toBe(ok));

  test.each([
    ["1", true],
    ["1234567890", true],
    ["12345678901", false],
    ["12A", false],
    ["", false],
  ])("número %j -> %s", (n, ok) => expect(isValidAddressNumber(n)).toBe(ok));
});

test("onlyDigits strips every mask character", () => {
  expect(onlyDigits("(11) 9 8765-4321")).toBe("11987654321");
  expect(onlyDigits("11.222.333/0001-81")).toBe("11222333000181");
  expect(onlyDigits("abc")).toBe("");
});

describe("zod field schemas", () => {
  const v = messages.validation;
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  test.each([
    { name: "cpf", schema: cpfSchema, input: " 529.982.247-25 ", output: "52998224725" },
    { name: "cnpj", schema: cnpjSchema, input: "11.222.333/0001-81", output: "11222333000181" },
    { name: "cep", schema: cepSchema, input: "01310-100", output: "01310100" },
    { name: "phone", schema: phoneSchema, input: "(11) 9 8765-4321", output: "11987654321" },
    { name: "landline phone", schema: phoneSchema, input: "(31) 3333-4444", output: "3133334444" },
    { name: "email", schema: emailSchema, input: " Dono@Escritorio.Demo ", output: "dono@escritorio.demo" },
    { name: "password", schema: passwordSchema, input: "123456", output: "123456" },
    { name: "required", schema: requiredSchema, input: "  Ana ", output: "Ana" },
  ])("$name accepts and normalises", ({ schema, input, output }) => {
    expect(schema.parse(input)).toBe(output);
  });

  test.each([
    { name: "cpf invalid", schema: cpfSchema, input: "123.456.789-09", message: v.cpf },
    { name: "cpf empty", schema: cpfSchema, input: "  ", message: v.empty },
    { name: "cnpj invalid", schema: cnpjSchema, input: "11.222.333/0001-82", message: v.cnpj },
    { name: "cep invalid", schema: cepSchema, input: "0131", message: v.cep },
    { name: "phone invalid", schema: phoneSchema, input: "(11) 9876-4321", message: v.phone },
    { name: "email invalid", schema: emailSchema, input: "nao-e-email", message: v.email },
    { name: "email empty", schema: emailSchema, input: "", message: v.empty },
    { name: "email not a string", schema: emailSchema, input: 42, message: v.empty },
    { name: "password short", schema: passwordSchema, input: "12345", message: v.password },
    { name: "password empty", schema: passwordSchema, input: "", message: v.password },
    { name: "required blank", schema: requiredSchema, input: "   ", message: v.empty },
  ])("$name -> pt-BR message", ({ schema, input, message }) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(message);
  });
});

test("issue labels and the 'Desconhecido' fallback", () => {
  expect(ISSUE_LABELS[0]).toBe("Baixa qualidade das fotos/documentos");
  expect(issueLabel(1)).toBe("Documentos não compatíveis");
  expect(issueLabel(2)).toBe("Bloco incompleto");
  expect(issueLabel(3)).toBe("Desconhecido");
  expect(issueLabel(-1)).toBe("Desconhecido");
});
