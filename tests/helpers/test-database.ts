// Integration tests: each test file gets its own database cloned from the migrated template, so files
// run in parallel without seeing each other's rows. DATABASE_URL points at it before any server module
// creates its Prisma client (getDb() is lazy).
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { disconnectDb } from "@/server/db/client";

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
const template = process.env.TEST_DATABASE_TEMPLATE;
const name = `bloco_test_${randomBytes(6).toString("hex")}`;

async function admin(sql: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!adminUrl || !template) throw new Error("integration tests need the jest global setup (npm test)");
  await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  process.env.DATABASE_URL = adminUrl.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
});

afterAll(async () => {
  await disconnectDb();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});
