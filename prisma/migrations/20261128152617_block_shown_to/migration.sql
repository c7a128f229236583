-- AlterTable
ALTER TABLE "accounting_operators" ADD COLUMN     "shown_block_id" INTEGER;

-- CreateIndex
CREATE INDEX "accounting_operators_shown_block_id_idx" ON "accounting_operators"("shown_block_id");

-- AddForeignKey
ALTER TABLE "accounting_operators" ADD CONSTRAINT "accounting_operators_shown_block_id_fkey" FOREIGN KEY ("shown_block_id") REFERENCES "blocks"("id") ON DELETE SET NULL ON UPDATE CASCADE;
