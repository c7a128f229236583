-- AlterTable
ALTER TABLE "blocks" ADD COLUMN     "claimed_by_id" INTEGER,
ADD COLUMN     "claimed_until" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "blocks_claimed_by_id_idx" ON "blocks"("claimed_by_id");

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_claimed_by_id_fkey" FOREIGN KEY ("claimed_by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;
