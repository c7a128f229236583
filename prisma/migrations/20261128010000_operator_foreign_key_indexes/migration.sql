-- Removing an operator makes PostgreSQL set to NULL (or delete) every row that names it: on blocks
-- (who categorised, posted or returned each), pendencies (who reported, who solved), account
-- activations and phone sessions. Without an index on those columns each of these was a scan of the
-- whole table, of every office (321 ms at a million blocks, inside the removal's transaction).
CREATE INDEX "blocks_categorized_by_id_idx" ON "blocks"("categorized_by_id");
CREATE INDEX "blocks_contabilized_by_id_idx" ON "blocks"("contabilized_by_id");
CREATE INDEX "blocks_devolved_by_id_idx" ON "blocks"("devolved_by_id");
CREATE INDEX "pendencies_created_by_id_idx" ON "pendencies"("created_by_id");
CREATE INDEX "pendencies_solved_by_id_idx" ON "pendencies"("solved_by_id");
CREATE INDEX "client_accounts_activated_by_id_idx" ON "client_accounts"("activated_by_id");
CREATE INDEX "contabilization_sessions_operator_id_idx" ON "contabilization_sessions"("operator_id");
