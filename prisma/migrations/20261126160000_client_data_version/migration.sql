-- A version of what a client's block lists show, kept beside its badge counts: every write to one of
-- the client's blocks (a column a list shows), documents, pendencies or block views moves
-- `data_version` to a new value of one sequence, in the writing statement and its transaction. A list
-- read in a snapshot where the version is V shows the same thing as any other read where it is V, so
-- an app process may keep the list it built at V and answer with it while the version is still V
-- (server/blocks/month-cache.ts). Values come from a sequence, never from "+ 1", so a row recreated
-- after a delete never returns to a version it had.
--
-- Locks: the version lives on the counts row, which the triggers on blocks already lock (block row,
-- counts row, client row: the order every write path takes). The new triggers on documents, pendencies
-- and block views lock the same counts row at the end of their statement.

CREATE SEQUENCE client_data_version_seq;

ALTER TABLE "client_block_counts" ADD COLUMN "data_version" BIGINT;
UPDATE client_block_counts SET data_version = nextval('client_data_version_seq');

-- Inserts and deletes of blocks: every client with a row in the statement gets a new version, whether
-- or not its counts move (a contabilised block inserted moves none).
CREATE OR REPLACE FUNCTION block_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized, data_version)
    SELECT d.client_id, d.u, d.c, nextval('client_data_version_seq') FROM (
      SELECT n.client_id,
             count(*) FILTER (WHERE n.contabilized_at IS NULL AND n.devolved_at IS NULL AND n.undone_at IS NULL AND n.account_id IS NULL)::int AS u,
             count(*) FILTER (WHERE n.contabilized_at IS NULL AND n.devolved_at IS NULL AND n.undone_at IS NULL AND n.account_id IS NOT NULL)::int AS c
        FROM new_rows n GROUP BY n.client_id ORDER BY n.client_id) d
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized,
          data_version = EXCLUDED.data_version;
  ELSE
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized, data_version)
    SELECT d.client_id, -d.u, -d.c, nextval('client_data_version_seq') FROM (
      SELECT o.client_id,
             count(*) FILTER (WHERE o.contabilized_at IS NULL AND o.devolved_at IS NULL AND o.undone_at IS NULL AND o.account_id IS NULL)::int AS u,
             count(*) FILTER (WHERE o.contabilized_at IS NULL AND o.devolved_at IS NULL AND o.undone_at IS NULL AND o.account_id IS NOT NULL)::int AS c
        FROM old_rows o GROUP BY o.client_id ORDER BY o.client_id) d
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized,
          data_version = EXCLUDED.data_version;
  END IF;
  RETURN NULL;
END;
$$;

-- Updates of blocks, row by row as before (the lock order above): any change of a column a list shows
-- moves the version, and the counts with it when they move.
CREATE OR REPLACE FUNCTION block_counts_row_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_u int := (OLD.contabilized_at IS NULL AND OLD.devolved_at IS NULL AND OLD.undone_at IS NULL AND OLD.account_id IS NULL)::int;
  old_c int := (OLD.contabilized_at IS NULL AND OLD.devolved_at IS NULL AND OLD.undone_at IS NULL AND OLD.account_id IS NOT NULL)::int;
  new_u int := (NEW.contabilized_at IS NULL AND NEW.devolved_at IS NULL AND NEW.undone_at IS NULL AND NEW.account_id IS NULL)::int;
  new_c int := (NEW.contabilized_at IS NULL AND NEW.devolved_at IS NULL AND NEW.undone_at IS NULL AND NEW.account_id IS NOT NULL)::int;
BEGIN
  IF OLD.client_id = NEW.client_id THEN
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized, data_version)
    VALUES (NEW.client_id, new_u - old_u, new_c - old_c, nextval('client_data_version_seq'))
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized,
          data_version = EXCLUDED.data_version;
  ELSE
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized, data_version)
    VALUES (OLD.client_id, -old_u, -old_c, nextval('client_data_version_seq'))
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized,
          data_version = EXCLUDED.data_version;
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized, data_version)
    VALUES (NEW.client_id, new_u, new_c, nextval('client_data_version_seq'))
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized,
          data_version = EXCLUDED.data_version;
  END IF;
  RETURN NEW;
END;
$$;

-- Only the updates that change what a list shows run the function (a categorisation claim does not).
DROP TRIGGER blocks_counts_update ON "blocks";
CREATE TRIGGER blocks_counts_update BEFORE UPDATE ON "blocks" FOR EACH ROW
  WHEN (OLD.contabilized_at IS DISTINCT FROM NEW.contabilized_at OR OLD.devolved_at IS DISTINCT FROM NEW.devolved_at
        OR OLD.undone_at IS DISTINCT FROM NEW.undone_at OR OLD.account_id IS DISTINCT FROM NEW.account_id
        OR OLD.client_id <> NEW.client_id OR OLD.version IS DISTINCT FROM NEW.version
        OR OLD.payment_date IS DISTINCT FROM NEW.payment_date OR OLD.value_cents IS DISTINCT FROM NEW.value_cents
        OR OLD.sent_at IS DISTINCT FROM NEW.sent_at)
  EXECUTE FUNCTION block_counts_row_update();

-- Documents, pendencies and block views: a new version for every client the statement touched (a block
-- view names its client through its block).
CREATE FUNCTION client_data_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'block_views' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO client_block_counts AS k (client_id, data_version)
      SELECT t.client_id, nextval('client_data_version_seq')
        FROM (SELECT DISTINCT b.client_id FROM new_rows n JOIN blocks b ON b.id = n.block_id ORDER BY b.client_id) t
      ON CONFLICT (client_id) DO UPDATE SET data_version = EXCLUDED.data_version;
    ELSE
      INSERT INTO client_block_counts AS k (client_id, data_version)
      SELECT t.client_id, nextval('client_data_version_seq')
        FROM (SELECT DISTINCT b.client_id FROM old_rows o JOIN blocks b ON b.id = o.block_id ORDER BY b.client_id) t
      ON CONFLICT (client_id) DO UPDATE SET data_version = EXCLUDED.data_version;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO client_block_counts AS k (client_id, data_version)
    SELECT t.client_id, nextval('client_data_version_seq') FROM (SELECT DISTINCT client_id FROM new_rows ORDER BY client_id) t
    ON CONFLICT (client_id) DO UPDATE SET data_version = EXCLUDED.data_version;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO client_block_counts AS k (client_id, data_version)
    SELECT t.client_id, nextval('client_data_version_seq') FROM (SELECT DISTINCT client_id FROM old_rows ORDER BY client_id) t
    ON CONFLICT (client_id) DO UPDATE SET data_version = EXCLUDED.data_version;
  ELSE
    INSERT INTO client_block_counts AS k (client_id, data_version)
    SELECT t.client_id, nextval('client_data_version_seq')
      FROM (SELECT client_id FROM new_rows UNION SELECT client_id FROM old_rows ORDER BY client_id) t
    ON CONFLICT (client_id) DO UPDATE SET data_version = EXCLUDED.data_version;
  END IF;
  RETURN NULL;
END;
$$;

-- A trigger with transition tables fires on one event only: one per event and table, one function.
CREATE TRIGGER documents_data_insert AFTER INSERT ON "documents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_data_touch();
CREATE TRIGGER documents_data_update AFTER UPDATE ON "documents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_data_touch();
CREATE TRIGGER documents_data_delete AFTER DELETE ON "documents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_data_touch();
CREATE TRIGGER pendencies_data_insert AFTER INSERT ON "pendencies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_data_touch();
CREATE TRIGGER pendencies_data_update AFTER UPDATE ON "pendencies"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_data_touch();
CREATE TRIGGER pendencies_data_delete AFTER DELETE ON "pendencies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_data_touch();
CREATE TRIGGER block_views_data_insert AFTER INSERT ON "block_views"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_data_touch();
CREATE TRIGGER block_views_data_delete AFTER DELETE ON "block_views"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_data_touch();
