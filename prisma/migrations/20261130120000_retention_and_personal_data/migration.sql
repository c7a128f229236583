-- Retention (docs/decisions/0310-retention.md): the office's years, a client's hold, the documents whose
-- files the retention job deleted, and each run of the job.
ALTER TABLE "accounting_offices" ADD COLUMN "retention_years" SMALLINT NOT NULL DEFAULT 5;
ALTER TABLE "clients" ADD COLUMN "retention_hold_at" TIMESTAMPTZ(3);
ALTER TABLE "documents" ADD COLUMN "files_deleted_at" TIMESTAMPTZ(3);

CREATE TABLE "retention_runs" (
    "id" SERIAL NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "year" INTEGER NOT NULL,
    "documents" INTEGER NOT NULL DEFAULT 0,
    "blobs" INTEGER NOT NULL DEFAULT 0,
    "blob_failures" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "retention_runs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "retention_runs_started_at_idx" ON "retention_runs"("started_at");

-- A person's data (docs/decisions/0311-personal-data.md): the erased account, and the ZIPs of
-- 'Baixar meus dados' with their one-time links.
ALTER TABLE "users" ADD COLUMN "erased_at" TIMESTAMPTZ(3);

CREATE TABLE "personal_data_exports" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "blob_key" TEXT,
    "size" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ready_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "personal_data_exports_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "personal_data_exports_token_hash_key" ON "personal_data_exports"("token_hash");
CREATE INDEX "personal_data_exports_user_id_created_at_idx" ON "personal_data_exports"("user_id", "created_at");
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_user_id_fkey"
  FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
