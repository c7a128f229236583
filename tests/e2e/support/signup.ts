import type { APIRequestContext, Locator } from "@playwright/test";
import { cnpjCheckDigits, cpfCheckDigits } from "@/lib/validation";
import { expect } from "./data";

// What the sign-up specs share: the e-mailed /convite/ link (read from GET /api/dev/outbox, DEV_OUTBOX=true
// on the e2e server), fresh valid CPF/CNPJ numbers, and the address block of the client registration form.

type OutboxMail = { to: string; subject: string; text: string };

/** The /convite/ path of the e-mail sent to `to` (with `subject`, when given), waiting until it is there. */
export async function conviteLink(request: APIRequestContext, to: string, subject?: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const mails = ((await (await request.get("/api/dev/outbox")).json()) as { data?: OutboxMail[] }).data ?? [];
      const mail = mails.find((item) => item.to === to && (subject === undefined || item.subject === subject));
      found = mail?.text.match(/https?:\/\/\S+?(\/convite\/[A-Za-z0-9_-]+)/)?.[1];
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

/** A CPF nobody has yet (random, with valid check digits). */
export const randomCpf = () => {
  const base = digits(9);
  return base + cpfCheckDigits(base);
};

/** A CNPJ nobody has yet (a random head office, with valid check digits). */
export const randomCnpj = () => {
  const base = `${digits(8)}0001`;
  return base + cnpjCheckDigits(base);
};

/** Fills the address of the client registration form: Rua A 10, Centro, Santos SP, CEP 01310-100. */
export async function fillClientAddress(form: Locator) {
  await form.getByLabel("CEP").fill("01310100");
  await form.getByLabel("Número").fill("10");
  await form.getByLabel("Rua").fill("Rua A");
  await form.getByLabel("Bairro").fill("Centro");
  await form.getByLabel("Cidade").fill("Santos");
  await form.getByLabel("Estado").fill("SP");
}
