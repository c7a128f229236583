-- AlterTable
ALTER TABLE "blocks" ADD COLUMN     "suggested_account_id" INTEGER,
ADD COLUMN     "suggested_payment_date" DATE,
ADD COLUMN     "suggested_value_cents" BIGINT;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_suggested_account_id_fkey" FOREIGN KEY ("suggested_account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
