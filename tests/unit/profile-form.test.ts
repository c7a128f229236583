// The 'Perfil' form asks for 'Senha atual' only when the login e-mail really changes.
import {
  emailChanges,
  profileBody,
  profileSchema,
  serverErrors,
  type ProfileValues,
} from "@/components/profile/profile-form";

const current = "dono@escritorio.demo";
const values: ProfileValues = {
  name: " Ana ",
  code: "529.982.247-25",
  email: current,
  phone: "(11) 9 8765-4321",
  currentPassword: "",
};

describe("emailChanges", () => {
  test.each([
    [current, false],
    ["  DONO@Escritorio.demo ", false],
    ["outro@escritorio.demo", true],
  ])("%j → %s", (typed, changed) => expect(emailChanges(typed, current)).toBe(changed));
});

/** What the form's resolver decides: the body to send, or the first message of each refused field. */
function validateProfile(typed: ProfileValues, currentEmail: string) {
  const parsed = profileSchema(currentEmail).safeParse(typed);
  if (parsed.success) return { body: profileBody(parsed.data, currentEmail) };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return { errors };
}

describe("profileSchema and profileBody", () => {
  test("the same e-mail: no password, none sent", () => {
    expect(validateProfile({ ...values, currentPassword: "ignorada" }, current)).toEqual({
      body: { name: "Ana", code: "52998224725", email: current, phone: "11987654321" },
    });
  });

  test("a new e-mail without the password is refused beside 'Senha atual'", () => {
    expect(validateProfile({ ...values, email: "novo@exemplo.com" }, current)).toEqual({
      errors: { currentPassword: "Informe a senha atual para alterar o e-mail." },
    });
  });

  test("a new e-mail with the password sends it", () => {
    expect(validateProfile({ ...values, email: "Novo@Exemplo.com", currentPassword: "demo1234" }, current)).toEqual({
      body: {
        name: "Ana",
        code: "52998224725",
        email: "novo@exemplo.com",
        phone: "11987654321",
        currentPassword: "demo1234",
      },
    });
  });

  test("field errors and the missing password show together", () => {
    expect(validateProfile({ ...values, name: " ", email: "novo@exemplo.com" }, current)).toEqual({
      errors: {
        name: "Este campo não pode ficar vazio",
        currentPassword: "Informe a senha atual para alterar o e-mail.",
      },
    });
  });
});

describe("serverErrors", () => {
  test("a 400 on currentPassword marks that field; unknown paths are left to the generic message", () => {
    const fields = [
      { path: "currentPassword", message: "Senha atual incorreta." },
      { path: "platform", message: "x" },
    ];
    expect(serverErrors({ code: "invalid_input", message: "Senha atual incorreta.", fields })).toEqual({
      currentPassword: "Senha atual incorreta.",
    });
  });

  test("a 409 belongs to the e-mail; a 429 to no field", () => {
    expect(serverErrors({ code: "conflict", message: "Este e-mail já está em uso.", fields: [] })).toEqual({
      email: "Este e-mail já está em uso.",
    });
    expect(serverErrors({ code: "rate_limited", message: "Muitas tentativas", fields: [] })).toEqual({});
  });
});
