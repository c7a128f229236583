import { randomBytes, scryptSync } from "node:crypto";
import { ConfigError, parseConfig } from "@/server/config";
import { hashPassword, verifyPassword } from "@/server/auth/passwords";

const base = {
  DATABASE_URL: "postgresql://u@127.0.0.1:5432/db",
  JWT_SECRET: "j".repeat(32),
  FILE_URL_SECRET: "f".repeat(32),
};

describe("PASSWORD_HASH_LOG_N", () => {
  test("2^15 by default, in production too", () => {
    expect(parseConfig({ ...base, NODE_ENV: "production" }).PASSWORD_HASH_LOG_N).toBe(15);
    expect(parseConfig({ ...base, NODE_ENV: "production", PASSWORD_HASH_LOG_N: "17" }).PASSWORD_HASH_LOG_N).toBe(17);
  });

  test("a cost under 2^15 is refused outside NODE_ENV=test, naming the variable", () => {
    for (const NODE_ENV of ["production", "development"])
      expect(() => parseConfig({ ...base, NODE_ENV, PASSWORD_HASH_LOG_N: "10" })).toThrow(
        new ConfigError("Invalid configuration:\n  PASSWORD_HASH_LOG_N: below 15 only under NODE_ENV=test"),
      );
    expect(parseConfig({ ...base, NODE_ENV: "test", PASSWORD_HASH_LOG_N: "10" }).PASSWORD_HASH_LOG_N).toBe(10);
    expect(() => parseConfig({ ...base, NODE_ENV: "test", PASSWORD_HASH_LOG_N: "9" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, NODE_ENV: "test", PASSWORD_HASH_LOG_N: "21" })).toThrow(ConfigError);
  });

  test("new hashes carry the configured N; a hash stored at 2^15 still verifies", async () => {
    // This process runs with the tests' cost (tests/helpers/env.ts).
    const stored = await hashPassword("senha-forte-1");
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("senha-forte-1", stored)).toBe(true);
    expect(await verifyPassword("senha-errada", stored)).toBe(false);

    const salt = randomBytes(16);
    const key = scryptSync("senha-antiga", salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const production = ["scrypt", 2 ** 15, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    expect(await verifyPassword("senha-antiga", production)).toBe(true);
    expect(await verifyPassword("senha-nova", production)).toBe(false);
  });

  test("a stored hash needing more memory than the configured cost allows is refused, not computed", async () => {
    const huge = [
      "scrypt",
      2 ** 20,
      8,
      1,
      randomBytes(16).toString("base64url"),
      randomBytes(32).toString("base64url"),
    ];
    await expect(verifyPassword("x", huge.join("$"))).rejects.toThrow(/memory/i);
  });
});
