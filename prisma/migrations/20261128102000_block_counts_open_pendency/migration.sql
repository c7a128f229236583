-- One definition of the badge counts, the categorization queue's: a block counts while it is live (not
-- contabilised, not devolved, not undone) and has no open pendency; without an account it waits for
-- Categorizar, with one for Contabilizar. Until now the counts left the pendency out, so the Categorizar
-- badge counted the blocks waiting on the company (6) while the queue handed out 3.
--
-- block_counted() is that predicate; the triggers on blocks use it for the rows they see, and new row
-- triggers on pendencies move the counts when a pendency opens, is solved or goes. Each trigger adds
-- what its own row changes with the other table as it stands, so a transaction that both solves a
-- pendency and requeues its block (pendency/solve) ends right in whatever order it writes. A pendency
-- write locks its block first (the paths that write one already do), keeping the lock order of every
-- path: block, counts, client.

CREATE FUNCTION block_counted(b blocks) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT b.contabilized_at IS NULL AND b.devolved_at IS NULL AND b.undone_at IS NULL
     AND NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.block_id = b.id AND p.solved_at IS NULL)
$$;

CREATE OR REPLACE FUNCTION block_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized, data_version)
    SELECT d.client_id, d.u, d.c, nextval('client_data_version_seq') FROM (
      SELECT n.client_id,
             count(*) FILTER (WHERE block_counted(n) AND n.account_id IS NULL)::int AS u,
             count(*) FILTER (WHERE block_counted(n) AND n.account_id IS NOT NULL)::int AS c
        FROM new_rows n GROUP BY n.client_id ORDER BY n.client_id) d
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized,
          data_version = EXCLUDED.data_version;
  ELSE
    -- A block deleted with its open pendency (only a cascade does that) had its pendency deleted first:
    -- it is taken off as counted. Blocks are never deleted by the app (a client is removed by a mark).
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized, data_version)
    SELECT d.client_id, -d.u, -d.c, nextval('client_data_version_seq') FROM (
      SELECT o.client_id,
             count(*) FILTER (WHERE block_counted(o) AND o.account_id IS NULL)::int AS u,
             count(*) FILTER (WHERE block_counted(o) AND o.account_id IS NOT NULL)::int AS c
        FROM old_rows o GROUP BY o.client_id ORDER BY o.client_id) d
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized,
          data_version = EXCLUDED.data_version;
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

-- A pendency opening takes its live block off the counts; solved or deleted, it puts it back (unless
-- another open pendency holds it). The data version moves through client_data_touch as before.
CREATE FUNCTION pendency_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized, data_version)
  VALUES (b.client_id, sign * (b.account_id IS NULL)::int, sign * (b.account_id IS NOT NULL)::int, nextval('client_data_version_seq'))
  ON CONFLICT (client_id) DO UPDATE
    SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized,
        data_version = EXCLUDED.data_version;
  RETURN NULL;
END;
$$;

CREATE TRIGGER pendencies_counts_insert AFTER INSERT ON "pendencies" FOR EACH ROW
  WHEN (NEW.solved_at IS NULL) EXECUTE FUNCTION pendency_counts_apply();
CREATE TRIGGER pendencies_counts_update AFTER UPDATE ON "pendencies" FOR EACH ROW
  WHEN ((OLD.solved_at IS NULL) <> (NEW.solved_at IS NULL)) EXECUTE FUNCTION pendency_counts_apply();
CREATE TRIGGER pendencies_counts_delete AFTER DELETE ON "pendencies" FOR EACH ROW
  WHEN (OLD.solved_at IS NULL) EXECUTE FUNCTION pendency_counts_apply();

-- The counts of the blocks already there, by the new definition (the data version moves with them).
WITH fresh AS (
  SELECT b.client_id,
         count(*) FILTER (WHERE b.account_id IS NULL)::int AS u,
         count(*) FILTER (WHERE b.account_id IS NOT NULL)::int AS c
    FROM blocks b
   WHERE block_counted(b)
   GROUP BY b.client_id
)
UPDATE client_block_counts k
   SET uncategorized = COALESCE(f.u, 0), uncontabilized = COALESCE(f.c, 0), data_version = nextval('client_data_version_seq')
  FROM client_block_counts k2 LEFT JOIN fresh f ON f.client_id = k2.client_id
 WHERE k.client_id = k2.client_id
   AND (k.uncategorized <> COALESCE(f.u, 0) OR k.uncontabilized <> COALESCE(f.c, 0));
INSERT INTO client_block_counts (client_id, uncategorized, uncontabilized, data_version)
SELECT b.client_id,
       count(*) FILTER (WHERE b.account_id IS NULL)::int,
       count(*) FILTER (WHERE b.account_id IS NOT NULL)::int,
       nextval('client_data_version_seq')
  FROM blocks b
 WHERE block_counted(b)
 GROUP BY b.client_id
ON CONFLICT (client_id) DO NOTHING;
