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

-- The office's sum reads its clients' rows through this index. The version is not indexed, so moving
-- it is a HOT update that writes no index entry.
CREATE INDEX "client_list_versions_office_id_idx" ON "client_list_versions"("office_id");

-- Every client has its row from its creation on.
CREATE FUNCTION client_list_versions_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_list_versions (client_id, office_id, version, touched_by)
  VALUES (NEW.id, NEW.office_id, nextval('client_list_version_seq'), pg_current_xact_id());
  RETURN NULL;
END;
$$;
CREATE TRIGGER clients_list_version AFTER INSERT ON "clients" FOR EACH ROW EXECUTE FUNCTION client_list_versions_insert();

-- A new version for each client the row names, once per transaction (the first row moves it, the
-- others find it moved by their own transaction). Rows that name their client (blocks, documents,
-- document_findings, pendencies, client_accounts), rows that name a block (block_views,
-- block_duplicate_dismissals) and the office's chart (accounts: every client of the office). OLD is null
-- on an insert and NEW on a delete.
CREATE FUNCTION client_lists_row_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'accounts' THEN
    UPDATE client_list_versions SET version = nextval('client_list_version_seq'), touched_by = pg_current_xact_id()
     WHERE office_id IN (OLD.office_id, NEW.office_id) AND touched_by <> pg_current_xact_id();
  ELSIF TG_TABLE_NAME IN ('block_views', 'block_duplicate_dismissals') THEN
    UPDATE client_list_versions SET version = nextval('client_list_version_seq'), touched_by = pg_current_xact_id()
     WHERE client_id IN (SELECT b.client_id FROM blocks b WHERE b.id IN (OLD.block_id, NEW.block_id))
       AND touched_by <> pg_current_xact_id();
  ELSE
    UPDATE client_list_versions SET version = nextval('client_list_version_seq'), touched_by = pg_current_xact_id()
     WHERE client_id IN (OLD.client_id, NEW.client_id) AND touched_by <> pg_current_xact_id();
  END IF;
  RETURN NULL;
END;
$$;

-- Blocks: a change of any column but a categorisation claim's (claimed_by_id, claimed_until) and
-- updated_at, which no list shows. The columns are named (comparing whole rows as JSON cost a save
-- about 0.08 ms); tests/integration/client-list-versions.test.ts fails when a column of blocks is
-- missing here.
CREATE CONSTRAINT TRIGGER blocks_lists_insert AFTER INSERT OR DELETE ON "blocks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION client_lists_row_touch();
CREATE CONSTRAINT TRIGGER blocks_lists_update AFTER UPDATE ON "blocks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((
    OLD.id, OLD.client_id, OLD.account_id, OLD.payment_date, OLD.value_cents, OLD.categorized_by_id,
    OLD.categorized_at, OLD.contabilized_by_id, OLD.contabilized_at, OLD.devolved_by_id, OLD.devolved_at,
    OLD.version, OLD.sent_by_id, OLD.sent_at, OLD.undone_at, OLD.send_key, OLD.created_at,
    OLD.suggested_account_id, OLD.suggested_payment_date, OLD.suggested_value_cents, OLD.devolve_reason,
    OLD.imported_by_id, OLD.imported_key, OLD.categorized_logged, OLD.contabilized_logged,
    OLD.supplier_tax_id, OLD.account_corrected_at, OLD.read_value_cents, OLD.read_date,
    OLD.supplier_name_key
  ) IS DISTINCT FROM (
    NEW.id, NEW.client_id, NEW.account_id, NEW.payment_date, NEW.value_cents, NEW.categorized_by_id,
    NEW.categorized_at, NEW.contabilized_by_id, NEW.contabilized_at, NEW.devolved_by_id, NEW.devolved_at,
    NEW.version, NEW.sent_by_id, NEW.sent_at, NEW.undone_at, NEW.send_key, NEW.created_at,
    NEW.suggested_account_id, NEW.suggested_payment_date, NEW.suggested_value_cents, NEW.devolve_reason,
    NEW.imported_by_id, NEW.imported_key, NEW.categorized_logged, NEW.contabilized_logged,
    NEW.supplier_tax_id, NEW.account_corrected_at, NEW.read_value_cents, NEW.read_date,
    NEW.supplier_name_key
  ))
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
