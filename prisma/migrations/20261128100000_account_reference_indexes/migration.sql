-- CreateIndex
CREATE INDEX "client_accounts_account_id_idx" ON "client_accounts"("account_id");

-- CreateIndex
CREATE INDEX "blocks_account_id_idx" ON "blocks"("account_id");

-- CreateIndex
CREATE INDEX "blocks_suggested_account_id_idx" ON "blocks"("suggested_account_id");
