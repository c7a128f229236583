-- The export of a month's postings: a client's export settings, one row per file handed out and the blocks
-- it wrote (docs/decisions/0280-export-of-postings.md).

-- CreateEnum
CREATE TYPE "ExportFormat" AS ENUM ('dominio', 'csv');

-- CreateTable
CREATE TABLE "client_export_settings" (
    "client_id" INTEGER NOT NULL,
    "counterpart_account" TEXT NOT NULL,
    "history_code" TEXT,
    "complement" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "client_export_settings_pkey" PRIMARY KEY ("client_id")
);

-- CreateTable
CREATE TABLE "exports" (
    "id" SERIAL NOT NULL,
    "office_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "month" INTEGER NOT NULL,
    "format" "ExportFormat" NOT NULL,
    "by_id" INTEGER,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "postings" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,

    CONSTRAINT "exports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "export_blocks" (
    "export_id" INTEGER NOT NULL,
    "block_id" INTEGER NOT NULL,

    CONSTRAINT "export_blocks_pkey" PRIMARY KEY ("export_id","block_id")
);

-- CreateIndex
CREATE INDEX "exports_client_id_year_month_at_idx" ON "exports"("client_id", "year", "month", "at" DESC);

-- CreateIndex
CREATE INDEX "exports_office_id_year_month_idx" ON "exports"("office_id", "year", "month");

-- CreateIndex
CREATE INDEX "exports_by_id_idx" ON "exports"("by_id");

-- CreateIndex
CREATE INDEX "export_blocks_block_id_idx" ON "export_blocks"("block_id");

-- AddForeignKey
ALTER TABLE "client_export_settings" ADD CONSTRAINT "client_export_settings_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "exports" ADD CONSTRAINT "exports_office_id_fkey" FOREIGN KEY ("office_id") REFERENCES "accounting_offices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "exports" ADD CONSTRAINT "exports_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "exports" ADD CONSTRAINT "exports_by_id_fkey" FOREIGN KEY ("by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_blocks" ADD CONSTRAINT "export_blocks_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "exports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_blocks" ADD CONSTRAINT "export_blocks_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "blocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
