import { test as base } from "@playwright/test";
import { E2E_DATA_DIR, E2E_DATABASE_URL } from "./e2e-server";

// Tests that change data (a profile, a password, an invite, a block) work on people of their own,
// made here with the builders the seed and the integration tests use (tests/helpers/factories),
// straight in the e2e server's database: two workers editing the shared demo owner made the suite flaky.
// Read-only journeys may still log in as the demo users of the README.

type Factories = typeof import("../../helpers/factories");

/** A person who can log in (every builder user has the demo password). */
export type Person = { email: string; name: string };

export type AccountingTeam = { officeName: string; owner: Person; admin: Person; operator: Person; blocked: Person };
export type ClientCompany = { clientName: string; owner: Person; operator: Person };

export type People = {
  /** An office with its owner (type 0), an admin (type 1), an operator (type 2) and a blocked operator. */
  accountingTeam: () => Promise<AccountingTeam>;
  /** A client company (of a fresh office) with its owner (type 0) and an operator. */
  clientCompany: () => Promise<ClientCompany>;
  /** One user who is an operator of an office and the owner of a client company. */
  bothPlatforms: () => Promise<Person>;
  /** One accounting operator (type 2) of a fresh office. */
  operator: () => Promise<Person>;
};

function loadFactories(): Factories {
  // The builders read the server configuration: point it at the e2e server's database. Secrets are
  // not used by the builders, but the configuration requires them.
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  process.env.JWT_SECRET ??= "e2e-builders-jwt-secret-0123456789abcdef";
  process.env.FILE_URL_SECRET ??= "e2e-builders-file-secret-0123456789abcdef";
  process.env.DATA_DIR ??= E2E_DATA_DIR;
  // require, not import(): Playwright transforms what it requires (TypeScript, the @/ paths), while a
  // dynamic import goes to Node's own ESM loader, which cannot read the builders' sources.
  return require("../../helpers/factories") as Factories;
}

const person = (user: { email: string; name: string }): Person => ({ email: user.email, name: user.name });
const suffix = () => Math.random().toString(36).slice(2, 7);

function peopleFrom(f: Factories): People {
  return {
    async accountingTeam() {
      const office = await f.createOffice();
      const make = (type: number, name: string, blocked = false) =>
        f.createAccountingOperator({ office, type, blocked, user: { email: f.uniqueEmail("e2e"), name } });
      const tag = suffix();
      // Names sort as the drawer sorts them (type, then name) whatever the tag.
      const owner = await make(0, `Ana Dona ${tag}`);
      const admin = await make(1, `Bruno Admin ${tag}`);
      const operator = await make(2, `Carla Operadora ${tag}`);
      const blocked = await make(2, `Davi Bloqueado ${tag}`, true);
      return { officeName: office.name, owner: person(owner.user), admin: person(admin.user), operator: person(operator.user), blocked: person(blocked.user) };
    },
    async clientCompany() {
      const client = await f.createClient();
      const tag = suffix();
      const owner = await f.createClientOperator({ client, type: 0, user: { email: f.uniqueEmail("e2e-cliente"), name: `Elisa Cliente ${tag}` } });
      const operator = await f.createClientOperator({ client, type: 2, user: { email: f.uniqueEmail("e2e-cliente"), name: `Fabio Cliente ${tag}` } });
      return { clientName: client.name, owner: person(owner.user), operator: person(operator.user) };
    },
    async bothPlatforms() {
      const accounting = await f.createAccountingOperator({ type: 2, user: { email: f.uniqueEmail("e2e-socio"), name: `Gabi Socia ${suffix()}` } });
      await f.createClientOperator({ type: 0, user: accounting.user });
      return person(accounting.user);
    },
    async operator() {
      const created = await f.createAccountingOperator({ type: 2, user: { email: f.uniqueEmail("e2e"), name: `Hugo Operador ${suffix()}` } });
      return person(created.user);
    },
  };
}

export const test = base.extend<{ people: People }, { factories: Factories }>({
  factories: [
    // Playwright reads the fixtures a function asks for from its first argument (none here).
    async ({}, provide) => {
      await provide(loadFactories());
      const { disconnectDb } = require("@/server/db/client") as typeof import("@/server/db/client");
      await disconnectDb();
    },
    { scope: "worker" },
  ],
  people: async ({ factories }, provide) => provide(peopleFrom(factories)),
});

export { expect } from "@playwright/test";
