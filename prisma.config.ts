import { defineConfig } from "prisma/config";

// Never call env() here: it throws when DATABASE_URL is unset, and `prisma generate` needs no database.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx --conditions=react-server prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/bloco" },
});
