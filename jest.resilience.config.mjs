import nextJest from "next/jest.js";

// `npm run test:resilience`: login burst, upload memory, faults and the 200-user load against the built
// app started by scripts/start.ts (its own data folder, ports 3300 and 24399, or RESILIENCE_PORT and
// RESILIENCE_PG_PORT). One file at a time: each one loads the whole machine and they share those ports
// and that folder (tests/resilience/support/app.ts).
const createJestConfig = nextJest({ dir: "./" });

export default createJestConfig({
  displayName: "resilience",
  testEnvironment: "node",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  setupFiles: ["<rootDir>/tests/resilience/support/env.ts", "<rootDir>/tests/helpers/env.ts"],
  testMatch: ["<rootDir>/tests/resilience/**/*.test.ts"],
  maxWorkers: 1,
  testTimeout: 180_000,
});
