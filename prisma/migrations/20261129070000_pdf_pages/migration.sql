-- A PDF sent in a block: one document per page, each naming the PDF (source_key) and its page number
-- (docs/decisions/0274-pdf-documents.md).

-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "source_page" INTEGER;
