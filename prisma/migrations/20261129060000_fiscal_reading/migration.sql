-- The reading of documents: what a document carries in machine-readable form (document_findings),
-- the file a document came as (an imported XML, a PDF) and the blocks imported from fiscal XML.

-- AlterTable
ALTER TABLE "blocks" ADD COLUMN     "imported_by_id" INTEGER,
ADD COLUMN     "imported_key" TEXT;

-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "read_at" TIMESTAMPTZ(3),
ADD COLUMN     "source_key" TEXT,
ADD COLUMN     "source_mime" TEXT,
ALTER COLUMN "display_key" DROP NOT NULL,
ALTER COLUMN "thumb_key" DROP NOT NULL;

-- CreateTable
CREATE TABLE "document_findings" (
    "id" SERIAL NOT NULL,
    "document_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "position" SMALLINT NOT NULL,
    "source" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "finding" JSONB NOT NULL,
    "marks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_findings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_findings_document_id_position_idx" ON "document_findings"("document_id", "position");

-- CreateIndex
CREATE INDEX "document_findings_client_id_code_idx" ON "document_findings"("client_id", "code");

-- CreateIndex
CREATE INDEX "blocks_imported_by_id_idx" ON "blocks"("imported_by_id");

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_imported_by_id_fkey" FOREIGN KEY ("imported_by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_findings" ADD CONSTRAINT "document_findings_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_findings" ADD CONSTRAINT "document_findings_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One live imported block per key and client: two imports of one XML at once create one block (the
-- loser's insert fails on this index and it answers `duplicate`). A devolved block frees its key.
CREATE UNIQUE INDEX "blocks_imported_key_key" ON "blocks"("client_id", "imported_key")
  WHERE "imported_key" IS NOT NULL AND "devolved_at" IS NULL;

-- The reading job's backfill: the documents not read yet, oldest first.
CREATE INDEX "documents_unread_idx" ON "documents"("id") WHERE "read_at" IS NULL;
