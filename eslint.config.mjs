import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// Import direction (ARCHITECTURE §2): app -> components -> lib and app/api -> server -> lib.
// server never imports app or components; components never import server; lib imports neither.
const zones = [
  { target: "./server", from: ["./app", "./components"], message: "server/ must not import app/ or components/." },
  { target: "./components", from: ["./server", "./app"], message: "components/ must not import server/ or app/." },
  {
    target: "./lib",
    from: ["./server", "./components", "./app"],
    message: "lib/ is isomorphic: it imports nothing above it.",
  },
  // The route wrapper is the top of server/: services throw AppError (server/errors.ts) and never see HTTP.
  {
    target: ["./server/*.ts", "./server/!(http)/**/*"],
    from: "./server/http",
    message: "Only server/http/ imports server/http/: errors live in server/errors.ts.",
  },
  // Test code never ships: the seed's row builders live in server/seed/builders and tests import them.
  {
    target: ["./app", "./server", "./lib", "./components", "./prisma"],
    from: "./tests",
    message: "Production code must not import tests/ (shared builders belong in server/seed/builders).",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    "node_modules/**",
    "server/db/generated/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  {
    rules: {
      "import/no-restricted-paths": ["error", { zones }],
      // A cycle makes load order matter (half-initialised modules) and hides a missing layer.
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
    // no-cycle parses every file it follows: never the generated Prisma client (megabytes, no imports of ours).
    settings: { "import/ignore": ["node_modules", "server/db/generated"] },
  },
  {
    // app pages (not API handlers) render components; they must not reach into server/ directly.
    files: ["app/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/server/*", "**/server/*"],
              message: "Pages render components; only app/api handlers call server/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["components/**/*", "lib/**/*"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/server/*", "@/server", "@/app/*"],
              message: "components/ and lib/ never import server/ or app/ (ARCHITECTURE §2).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*", "tests/**/*", "*.config.*"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Nothing imports a test file (the zone above), so a cycle through tests/ cannot reach the product; there
  // the rule would only walk the product's graph again from 250 more entry points (half of its time).
  { files: ["tests/**"], rules: { "import/no-cycle": "off" } },
  // Layout is Prettier's (`npm run lint` checks it): no stylistic rule of ESLint's may argue with it.
  prettier,
]);
