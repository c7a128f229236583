-- The returned-documents-delete job picks its batches with `devolved_at < cutoff AND (restored_at IS
-- NULL OR restored_at < devolved_at) ORDER BY id LIMIT 200`. The only index with devolved_at starts with
-- client_id, so PostgreSQL walked the primary key through every document to find them (and the last
-- batch of every run, short of 200, walked the whole table). This partial index holds only the documents
-- returned right now (not restored since their last return), a small set however big the table grows.
-- Prisma's schema cannot state a partial index without a preview feature: it lives here, and the
-- Document model names it in a comment.
CREATE INDEX "documents_returned_devolved_at_idx" ON "documents"("devolved_at")
  WHERE "devolved_at" IS NOT NULL AND ("restored_at" IS NULL OR "restored_at" < "devolved_at");
