-- The counts' update trigger becomes a BEFORE ROW trigger. As an AFTER STATEMENT trigger it locked a
-- client's counts row at the END of a statement, after the statement had locked the client's row (a
-- one-statement save or posting moves `clients.modified_at` in the same statement), while a send locks
-- the counts row (its INSERT) before the client's row: the two deadlocked under load. Row by row, an
-- UPDATE locks the counts row as it writes the block, before anything that reads the UPDATE's rows —
-- every path now takes block, counts, client, in that order. Inserts and deletes keep their
-- statement-level triggers (a bulk insert is one upsert per client).
DROP TRIGGER blocks_counts_update ON "blocks";

CREATE FUNCTION block_counts_row_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_u int := (OLD.contabilized_at IS NULL AND OLD.devolved_at IS NULL AND OLD.undone_at IS NULL AND OLD.account_id IS NULL)::int;
  old_c int := (OLD.contabilized_at IS NULL AND OLD.devolved_at IS NULL AND OLD.undone_at IS NULL AND OLD.account_id IS NOT NULL)::int;
  new_u int := (NEW.contabilized_at IS NULL AND NEW.devolved_at IS NULL AND NEW.undone_at IS NULL AND NEW.account_id IS NULL)::int;
  new_c int := (NEW.contabilized_at IS NULL AND NEW.devolved_at IS NULL AND NEW.undone_at IS NULL AND NEW.account_id IS NOT NULL)::int;
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
CREATE TRIGGER blocks_counts_update BEFORE UPDATE ON "blocks" FOR EACH ROW
  WHEN (OLD.contabilized_at IS DISTINCT FROM NEW.contabilized_at OR OLD.devolved_at IS DISTINCT FROM NEW.devolved_at
        OR OLD.undone_at IS DISTINCT FROM NEW.undone_at OR OLD.account_id IS DISTINCT FROM NEW.account_id
        OR OLD.client_id <> NEW.client_id)
  EXECUTE FUNCTION block_counts_row_update();
