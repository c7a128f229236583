import { availableParallelism } from "node:os";
import nextJest from "next/jest.js";

// Jest through next/jest (SWC). Two projects: unit (pure functions, no database) and integration
// (route handlers and services against a real PostgreSQL: one fresh database per test file, cloned
// from a migrated template that tests/helpers/global-setup.mjs builds once per run).
const createJestConfig = nextJest({ dir: "./" });

/** @type {import('jest').Config} */
const shared = {
  testEnvironment: "node",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  setupFiles: ["<rootDir>/tests/helpers/env.ts"],
};

/** @returns {Promise<import('jest').Config>} */
export default async function config() {
  const unit = await createJestConfig({
    ...shared,
    displayName: "unit",
    testMatch: ["<rootDir>/tests/unit/**/*.test.ts"],
  })();
  const integration = await createJestConfig({
    ...shared,
    displayName: "integration",
    testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
    setupFilesAfterEnv: ["<rootDir>/tests/helpers/test-database.ts"],
  })();
  return {
    projects: [unit, integration],
    globalSetup: "<rootDir>/tests/helpers/global-setup.mjs",
    globalTeardown: "<rootDir>/tests/helpers/global-teardown.mjs",
    // One worker more than the cores: an integration file waits on PostgreSQL part of its time
    // (docs/testing.md).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
  };
}
