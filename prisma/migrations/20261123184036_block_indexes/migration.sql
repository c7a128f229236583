-- CreateIndex
CREATE INDEX "blocks_client_id_contabilized_at_devolved_at_idx" ON "blocks"("client_id", "contabilized_at", "devolved_at");
