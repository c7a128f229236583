-- The badge counts of each client's open blocks (not contabilised, not devolved, not undone): without an
-- account (Categorizar) and with one (Contabilizar). Kept by statement-level triggers on blocks, so
-- every write — the app's, the seed's, a hand-run UPDATE — moves them in its own transaction, and a
-- month's list reads two integers instead of counting the client's whole history.

-- CreateTable
CREATE TABLE "client_block_counts" (
    "client_id" INTEGER NOT NULL,
    "uncategorized" INTEGER NOT NULL DEFAULT 0,
    "uncontabilized" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "client_block_counts_pkey" PRIMARY KEY ("client_id")
);

-- What one block row adds to its client's counts: (1, 0) open without an account, (0, 1) open with one.
CREATE FUNCTION block_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The rows' contributions, removed (old) and added (new), summed per client; only clients whose
  -- counts move are written, in client order (two bulk statements lock the rows in the same order).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
    SELECT d.client_id, d.u, d.c FROM (
      SELECT n.client_id,
             count(*) FILTER (WHERE n.contabilized_at IS NULL AND n.devolved_at IS NULL AND n.undone_at IS NULL AND n.account_id IS NULL)::int AS u,
             count(*) FILTER (WHERE n.contabilized_at IS NULL AND n.devolved_at IS NULL AND n.undone_at IS NULL AND n.account_id IS NOT NULL)::int AS c
        FROM new_rows n GROUP BY n.client_id) d
     WHERE d.u <> 0 OR d.c <> 0
     ORDER BY d.client_id
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
    SELECT d.client_id, -d.u, -d.c FROM (
      SELECT o.client_id,
             count(*) FILTER (WHERE o.contabilized_at IS NULL AND o.devolved_at IS NULL AND o.undone_at IS NULL AND o.account_id IS NULL)::int AS u,
             count(*) FILTER (WHERE o.contabilized_at IS NULL AND o.devolved_at IS NULL AND o.undone_at IS NULL AND o.account_id IS NOT NULL)::int AS c
        FROM old_rows o GROUP BY o.client_id) d
     WHERE d.u <> 0 OR d.c <> 0
     ORDER BY d.client_id
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
  ELSE
    INSERT INTO client_block_counts AS k (client_id, uncategorized, uncontabilized)
    SELECT d.client_id, d.u, d.c FROM (
      SELECT r.client_id, sum(r.u)::int AS u, sum(r.c)::int AS c FROM (
        SELECT n.client_id,
               (n.contabilized_at IS NULL AND n.devolved_at IS NULL AND n.undone_at IS NULL AND n.account_id IS NULL)::int AS u,
               (n.contabilized_at IS NULL AND n.devolved_at IS NULL AND n.undone_at IS NULL AND n.account_id IS NOT NULL)::int AS c
          FROM new_rows n
        UNION ALL
        SELECT o.client_id,
               -(o.contabilized_at IS NULL AND o.devolved_at IS NULL AND o.undone_at IS NULL AND o.account_id IS NULL)::int,
               -(o.contabilized_at IS NULL AND o.devolved_at IS NULL AND o.undone_at IS NULL AND o.account_id IS NOT NULL)::int
          FROM old_rows o) r
      GROUP BY r.client_id) d
     WHERE d.u <> 0 OR d.c <> 0
     ORDER BY d.client_id
    ON CONFLICT (client_id) DO UPDATE
      SET uncategorized = k.uncategorized + EXCLUDED.uncategorized, uncontabilized = k.uncontabilized + EXCLUDED.uncontabilized;
  END IF;
  RETURN NULL;
END;
$$;

-- A trigger with transition tables fires on one event only: three of them, one function.
CREATE TRIGGER blocks_counts_insert AFTER INSERT ON "blocks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION block_counts_apply();
CREATE TRIGGER blocks_counts_update AFTER UPDATE ON "blocks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION block_counts_apply();
CREATE TRIGGER blocks_counts_delete AFTER DELETE ON "blocks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION block_counts_apply();

-- The counts of the blocks already there.
INSERT INTO client_block_counts (client_id, uncategorized, uncontabilized)
SELECT b.client_id,
       count(*) FILTER (WHERE b.account_id IS NULL)::int,
       count(*) FILTER (WHERE b.account_id IS NOT NULL)::int
  FROM blocks b
 WHERE b.contabilized_at IS NULL AND b.devolved_at IS NULL AND b.undone_at IS NULL
 GROUP BY b.client_id;
