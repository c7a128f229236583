-- AlterTable
ALTER TABLE "client_operators" ADD COLUMN     "shown_pendency_id" INTEGER;

-- CreateIndex
CREATE INDEX "client_operators_shown_pendency_id_idx" ON "client_operators"("shown_pendency_id");

-- AddForeignKey
ALTER TABLE "client_operators" ADD CONSTRAINT "client_operators_shown_pendency_id_fkey" FOREIGN KEY ("shown_pendency_id") REFERENCES "pendencies"("id") ON DELETE SET NULL ON UPDATE CASCADE;
