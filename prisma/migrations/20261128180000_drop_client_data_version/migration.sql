-- client_block_counts.data_version goes: nothing reads it since the app keeps no month lists in memory
-- (docs/decisions/0203). With it go what only maintained it: the sequence, client_data_touch() and its
-- triggers on documents, pendencies and block views, and the wider WHEN of blocks_counts_update (the
-- columns a list shows). The count triggers stay as 20261128102000_block_counts_open_pendency left them,
-- without the version: a row update again writes the counts row only when a count moves
-- (20261126010000_block_counts_row_update), and runs only when a column a count reads changes.

DROP TRIGGER documents_data_insert ON "documents";
DROP TRIGGER documents_data_update ON "documents";
DROP TRIGGER documents_data_delete ON "documents";
DROP TRIGGER pendencies_data_insert ON "pendencies";
DROP TRIGGER pendencies_data_update ON "pendencies";
DROP TRIGGER pendencies_data_delete ON "pendencies";
DROP TRIGGER block_views_data_insert ON "block_views";
DROP TRIGGER block_views_data_delete ON "block_views";
DROP FUNCTION client_data_touch();

CREATE OR REPLACE FUNCTION block_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
    SELECT d.client_id, d.u, d.c FROM (
      SELECT n.client_id,
             count(*) FILTER (WHERE block_counted(n) AND n.account_id IS NULL)::int AS u,
             count(*) FILTER (WHERE block_counted(n) AND n.account_id IS NOT NULL)::int AS c
        FROM new_rows n GROUP BY n.client_id ORDER BY n.client_id) d
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
  ELSE
    -- A block deleted with its open pendency (only a cascade does that) had its pendency deleted first:
    -- it is taken off as counted. Blocks are never deleted by the app (a client is removed by a mark).
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
    SELECT d.client_id, -d.u, -d.c FROM (
      SELECT o.client_id,
             count(*) FILTER (WHERE block_counted(o) AND o.account_id IS NULL)::int AS u,
             count(*) FILTER (WHERE block_counted(o) AND o.account_id IS NOT NULL)::int AS c
        FROM old_rows o GROUP BY o.client_id ORDER BY o.client_id) d
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
  END IF;
  RETURN NULL;
END;
$$;

-- OLD and NEW share the block's id, so its pendencies weigh the same on both sides.
CREATE OR REPLACE FUNCTION block_counts_row_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_u int := (block_counted(OLD) AND OLD.account_id IS NULL)::int;
  old_c int := (block_counted(OLD) AND OLD.account_id IS NOT NULL)::int;
  new_u int := (block_counted(NEW) AND NEW.account_id IS NULL)::int;
  new_c int := (block_counted(NEW) AND NEW.account_id IS NOT NULL)::int;
BEGIN
  IF OLD.client_id = NEW.client_id THEN
    IF new_u <> old_u OR new_c <> old_c THEN
      INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
      VALUES (NEW.client_id, new_u - old_u, new_c - old_c)
      ON CONFLICT (client_id) DO UPDATE
        SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
    END IF;
  ELSE
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
    VALUES (OLD.client_id, -old_u, -old_c)
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
    VALUES (NEW.client_id, new_u, new_c)
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
  END IF;
  RETURN NEW;
END;
$$;

-- Only the updates that can move a count run the function.
DROP TRIGGER blocks_counts_update ON "blocks";
CREATE TRIGGER blocks_counts_update BEFORE UPDATE ON "blocks" FOR EACH ROW
  WHEN (OLD.contabilized_at IS DISTINCT FROM NEW.contabilized_at OR OLD.devolved_at IS DISTINCT FROM NEW.devolved_at
        OR OLD.undone_at IS DISTINCT FROM NEW.undone_at OR OLD.account_id IS DISTINCT FROM NEW.account_id
        OR OLD.client_id <> NEW.client_id)
  EXECUTE FUNCTION block_counts_row_update();

-- A pendency opening takes its live block off the counts; solved or deleted, it puts it back (unless
-- another open pendency holds it).
CREATE OR REPLACE FUNCTION pendency_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid int;
  bid int;
  sign int;
  b blocks%ROWTYPE;
  others boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    pid := NEW.id; bid := NEW.block_id;
    sign := CASE WHEN NEW.solved_at IS NULL THEN -1 ELSE 0 END;
  ELSIF TG_OP = 'DELETE' THEN
    pid := OLD.id; bid := OLD.block_id;
    sign := CASE WHEN OLD.solved_at IS NULL THEN 1 ELSE 0 END;
  ELSE
    pid := NEW.id; bid := NEW.block_id;
    sign := (OLD.solved_at IS NULL)::int - (NEW.solved_at IS NULL)::int;
  END IF;
  IF sign = 0 THEN
    RETURN NULL;
  END IF;
  SELECT * INTO b FROM blocks WHERE id = bid FOR UPDATE;
  IF NOT FOUND OR b.contabilized_at IS NOT NULL OR b.devolved_at IS NOT NULL OR b.undone_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
  SELECT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL AND p.id <> pid) INTO others;
  IF others THEN
    RETURN NULL;
  END IF;
  INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
  VALUES (b.client_id, sign * (b.account_id IS NULL)::int, sign * (b.account_id IS NOT NULL)::int)
  ON CONFLICT (client_id) DO UPDATE
    SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
  RETURN NULL;
END;
$$;

-- AlterTable
ALTER TABLE "client_block_counts" DROP COLUMN "data_version";

DROP SEQUENCE client_data_version_seq;
