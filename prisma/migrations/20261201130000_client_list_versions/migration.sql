-- What a client's month lists show, versioned: a committed write to anything an office's or a company's
-- block list answers with moves the version of the client it touched (client_list_versions.version, a
-- new value of one sequence). An app process keeps the month lists it built with the version they were
-- read at and answers one again only while that version is still current (server/blocks/kept-months.ts;
-- docs/decisions/0203-per-process-caches.md).
--
-- The office's list carries account suggestions, which read the office's other clients and its chart:
-- its version is the sum of the versions of every client of the office. A version only grows, so the
-- sum moves with any of them (a maximum would not: sequence values are not taken in commit order).
--
-- The triggers are deferred to the commit: the row of client_list_versions is the last lock a write
-- takes, after every row of blocks and counts it locks in its own order, and a transaction that writes
-- a client's rows many times moves its version once (touched_by: the transaction that moved it last).

CREATE SEQUENCE client_list_version_seq;

CREATE TABLE "client_list_versions" (
    "client_id" INTEGER NOT NULL,
    "office_id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,
    "touched_by" XID8 NOT NULL,

    CONSTRAINT "client_list_versions_pkey" PRIMARY KEY ("client_id")
);

-- The office's sum: an index-only read of the office's rows.
CREATE INDEX "client_list_versions_office_id_version_idx" ON "client_list_versions"("office_id", "version");

-- A new version for each client the row names, once per transaction (the first row moves it, the
-- others find it moved by their own transaction). Rows that name their client (blocks, documents,
-- document_findings, pendencies, client_accounts), rows that name a block (block_views,
-- block_duplicate_dismissals) and the office's chart (accounts: every client of the office). OLD is null
-- on an insert and NEW on a delete. Clients in id order: the order a statement touching several takes
-- their rows in.
CREATE FUNCTION client_lists_row_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched int[];
BEGIN
  IF TG_TABLE_NAME = 'accounts' THEN
    touched := ARRAY(SELECT c.id FROM clients c WHERE c.office_id IN (OLD.office_id, NEW.office_id));
  ELSIF TG_TABLE_NAME IN ('block_views', 'block_duplicate_dismissals') THEN
    touched := ARRAY(SELECT b.client_id FROM blocks b WHERE b.id IN (OLD.block_id, NEW.block_id));
  ELSE
    touched := ARRAY[OLD.client_id, NEW.client_id];
  END IF;
  INSERT INTO client_list_versions AS v (client_id, office_id, version, touched_by)
  SELECT c.id, c.office_id, nextval('client_list_version_seq'), pg_current_xact_id()
    FROM clients c
   WHERE c.id = ANY(touched)
   ORDER BY c.id
  ON CONFLICT (client_id) DO UPDATE
    SET version = nextval('client_list_version_seq'), touched_by = EXCLUDED.touched_by
    WHERE v.touched_by <> EXCLUDED.touched_by;
  RETURN NULL;
END;
$$;

-- Blocks: every change but a categorisation claim's (claimed_by_id, claimed_until), which no list shows.
CREATE CONSTRAINT TRIGGER blocks_lists_insert AFTER INSERT OR DELETE ON "blocks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();
CREATE CONSTRAINT TRIGGER blocks_lists_update AFTER UPDATE ON "blocks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'claimed_by_id' - 'claimed_until' IS DISTINCT FROM to_jsonb(NEW) - 'claimed_by_id' - 'claimed_until')
  EXECUTE FUNCTION client_lists_row_touch();

CREATE CONSTRAINT TRIGGER documents_lists AFTER INSERT OR UPDATE OR DELETE ON "documents"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();
CREATE CONSTRAINT TRIGGER document_findings_lists AFTER INSERT OR UPDATE OR DELETE ON "document_findings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();
CREATE CONSTRAINT TRIGGER pendencies_lists AFTER INSERT OR UPDATE OR DELETE ON "pendencies"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();
CREATE CONSTRAINT TRIGGER client_accounts_lists AFTER INSERT OR UPDATE OR DELETE ON "client_accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();
CREATE CONSTRAINT TRIGGER block_views_lists AFTER INSERT OR UPDATE OR DELETE ON "block_views"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();
CREATE CONSTRAINT TRIGGER block_duplicate_dismissals_lists AFTER INSERT OR UPDATE OR DELETE ON "block_duplicate_dismissals"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();
CREATE CONSTRAINT TRIGGER accounts_lists AFTER INSERT OR UPDATE OR DELETE ON "accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();

-- Every client starts with a version.
INSERT INTO client_list_versions (client_id, office_id, version, touched_by)
SELECT c.id, c.office_id, nextval('client_list_version_seq'), pg_current_xact_id() FROM clients c ORDER BY c.id;
