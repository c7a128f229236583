-- AlterTable
ALTER TABLE "blocks" ADD COLUMN     "devolve_reason" TEXT;

-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "original_name" TEXT,
ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- Backfill: the documents already in a block keep the order they were read in until now (by id).
UPDATE "documents" AS d
   SET "position" = ranked.pos
  FROM (SELECT id, row_number() OVER (PARTITION BY block_id ORDER BY id)::int AS pos
          FROM "documents" WHERE block_id IS NOT NULL) AS ranked
 WHERE d.id = ranked.id;
