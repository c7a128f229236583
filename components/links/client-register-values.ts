import type { FieldPath } from "react-hook-form";

// The values of the client company's registration form (/convite/<token>), shaped like the body of
// POST /api/invite/accept (lib/contract/invites.ts): `client` is the company, `name`, `code`, `phone`
// and `password` its first user; `confirm` stays in the browser. An error the server reports on a path
// lands on the field of that path.

export type ClientType = "juridicPerson" | "individual";

export type ClientRegisterValues = {
  client: {
    type: ClientType;
    name: string;
    code: string;
    email: string;
    phone: string;
    address: { cep: string; street: string; number: string; neighboor: string; city: string; state: string };
  };
  name: string;
  code: string;
  phone: string;
  password: string;
  confirm: string;
};

/** What the rules are told: an e-mail with a login confirms its password, nothing else of the user. */
export type ClientRegisterContext = { userExists: boolean };

/** The company's e-mail starts as the invited one (usually the company's own address); it may change. */
export const clientRegisterDefaults = (email: string): ClientRegisterValues => ({
  client: {
    type: "juridicPerson",
    name: "",
    code: "",
    email,
    phone: "",
    address: { cep: "", street: "", number: "", neighboor: "", city: "", state: "" },
  },
  name: "",
  code: "",
  phone: "",
  password: "",
  confirm: "",
});

/** The contract's error paths that are fields of this form. */
const SERVER_PATHS: readonly FieldPath<ClientRegisterValues>[] = [
  "client.name",
  "client.code",
  "client.email",
  "client.phone",
  "client.address.cep",
  "client.address.street",
  "client.address.number",
  "client.address.neighboor",
  "client.address.city",
  "client.address.state",
  "name",
  "code",
  "phone",
  "password",
];

export const isFormPath = (path: string): path is FieldPath<ClientRegisterValues> =>
  (SERVER_PATHS as readonly string[]).includes(path);

/** Estado: the two-letter UF. */
export const maskState = (value: string) =>
  value
    .replace(/[^a-zA-Z]/g, "")
    .slice(0, 2)
    .toUpperCase();
