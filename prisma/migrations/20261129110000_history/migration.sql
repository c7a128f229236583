-- The history of a block and of a client (POST /api/block/history, POST /api/client/history): what
-- happened to a block is read from several sources, each walked by an index in the list's order
-- (at, then a tie-breaker), so a page costs the same at any depth.

-- A categorisation or posting (and its undo) names its block: the event sources of the history.
ALTER TABLE "audit_events" ADD COLUMN "block_id" INTEGER;
UPDATE "audit_events" SET "block_id" = "target_id"::int
 WHERE "target_type" = 'block'
   AND "action" IN ('block.save', 'block.contabilize', 'block.contabilize_undo')
   AND "target_id" ~ '^[0-9]{1,9}$';

CREATE INDEX "audit_events_block_history_idx" ON "audit_events"("block_id", "at", "id")
  WHERE "block_id" IS NOT NULL;
CREATE INDEX "audit_events_client_history_idx" ON "audit_events"("client_id", "at", "id")
  WHERE "block_id" IS NOT NULL;
CREATE INDEX "audit_events_client_actor_history_idx" ON "audit_events"("client_id", "actor_user_id", "at", "id")
  WHERE "block_id" IS NOT NULL;

-- Whether the block's categorisation and posting are told by audit events (every save and posting
-- since this migration writes one and sets these): a block without (the seed's, older rows) has its
-- latest categorisation and posting read from its own columns instead.
ALTER TABLE "blocks" ADD COLUMN "categorized_logged" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "contabilized_logged" BOOLEAN NOT NULL DEFAULT false;

UPDATE "blocks" b SET "categorized_logged" = true
 WHERE EXISTS (SELECT 1 FROM "audit_events" e WHERE e."block_id" = b."id" AND e."action" = 'block.save');
UPDATE "blocks" b SET "contabilized_logged" = true
 WHERE EXISTS (SELECT 1 FROM "audit_events" e WHERE e."block_id" = b."id" AND e."action" = 'block.contabilize');

-- The sources read from a block's own columns (sent or imported, devolved and undone are written once;
-- categorised and contabilised only when no event tells them), each in the list's order.
CREATE INDEX "blocks_history_sent_idx" ON "blocks"("client_id", "sent_at", "id");
DROP INDEX IF EXISTS "blocks_client_id_sent_at_idx";
CREATE INDEX "blocks_history_categorized_idx" ON "blocks"("client_id", "categorized_at", "id")
  WHERE "categorized_at" IS NOT NULL AND NOT "categorized_logged";
CREATE INDEX "blocks_history_contabilized_idx" ON "blocks"("client_id", "contabilized_at", "id")
  WHERE "contabilized_at" IS NOT NULL AND NOT "contabilized_logged";
CREATE INDEX "blocks_history_devolved_idx" ON "blocks"("client_id", "devolved_at", "id")
  WHERE "devolved_at" IS NOT NULL;
CREATE INDEX "blocks_history_undone_idx" ON "blocks"("client_id", "undone_at", "id")
  WHERE "undone_at" IS NOT NULL;

-- The same sources filtered by an office operator (the list's operator filter), in the list's order.
CREATE INDEX "blocks_history_imported_by_idx" ON "blocks"("client_id", "imported_by_id", "sent_at", "id")
  WHERE "imported_by_id" IS NOT NULL;
CREATE INDEX "blocks_history_categorized_by_idx" ON "blocks"("client_id", "categorized_by_id", "categorized_at", "id")
  WHERE "categorized_at" IS NOT NULL AND NOT "categorized_logged";
CREATE INDEX "blocks_history_contabilized_by_idx" ON "blocks"("client_id", "contabilized_by_id", "contabilized_at", "id")
  WHERE "contabilized_at" IS NOT NULL AND NOT "contabilized_logged";
CREATE INDEX "blocks_history_devolved_by_idx" ON "blocks"("client_id", "devolved_by_id", "devolved_at", "id")
  WHERE "devolved_at" IS NOT NULL;

-- Pendencies raised and solved, in the list's order (raised also by the operator who raised them).
CREATE INDEX "pendencies_history_raised_idx" ON "pendencies"("client_id", "created_at", "id");
DROP INDEX IF EXISTS "pendencies_client_id_created_at_idx";
CREATE INDEX "pendencies_history_raised_by_idx" ON "pendencies"("client_id", "created_by_id", "created_at", "id");
CREATE INDEX "pendencies_history_solved_idx" ON "pendencies"("client_id", "solved_at", "id")
  WHERE "solved_at" IS NOT NULL;

-- A block's views by client: the client's id copied onto each view by a trigger, so that every writer
-- of block_views (the viewer's mark, the seed) stays as it was.
ALTER TABLE "block_views" ADD COLUMN "client_id" INTEGER;
UPDATE "block_views" v SET "client_id" = b."client_id" FROM "blocks" b WHERE b."id" = v."block_id";

CREATE FUNCTION block_views_client_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.client_id IS NULL THEN
    SELECT b.client_id INTO NEW.client_id FROM blocks b WHERE b.id = NEW.block_id;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER block_views_client_id BEFORE INSERT ON "block_views"
  FOR EACH ROW EXECUTE FUNCTION block_views_client_id();

CREATE INDEX "block_views_history_idx" ON "block_views"("client_id", "viewed_at", "block_id", "operator_id");
CREATE INDEX "block_views_history_operator_idx" ON "block_views"("client_id", "operator_id", "viewed_at", "block_id");

-- The export records (one entry per exported block), in the list's order, and by the operator who exported.
CREATE INDEX "exports_history_idx" ON "exports"("client_id", "at", "id");
CREATE INDEX "exports_history_by_idx" ON "exports"("client_id", "by_id", "at", "id");
