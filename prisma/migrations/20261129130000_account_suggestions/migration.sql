-- The account suggested for a block (docs/decisions/0295-account-suggestions.md): each block knows its
-- supplier (the CNPJ or CPF of a fiscal document read off it) and whether the office corrected its
-- account; the blocks of a supplier are found by index, newest categorisation first.

ALTER TABLE "blocks" ADD COLUMN "supplier_tax_id" TEXT,
ADD COLUMN "account_corrected_at" TIMESTAMPTZ(3);

-- A block's supplier is the issuer of the first fiscal document read off it (a block is one payment:
-- its documents share the supplier). Kept by PostgreSQL from every writer of findings (the reading job,
-- the XML import, the demo seed).
CREATE FUNCTION blocks_supplier_from_finding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.finding->>'kind' = 'fiscal' AND COALESCE(NEW.finding->>'cnpj', '') <> '' THEN
    UPDATE blocks b SET supplier_tax_id = NEW.finding->>'cnpj'
      FROM documents d
     WHERE d.id = NEW.document_id AND b.id = d.block_id AND b.supplier_tax_id IS NULL;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER document_findings_supplier AFTER INSERT ON "document_findings" FOR EACH ROW
  EXECUTE FUNCTION blocks_supplier_from_finding();

-- A correction: an account saved over another one the block held, or over the one a solved pendency
-- kept as its suggestion. Stamped on the row whatever path saved it.
CREATE FUNCTION blocks_account_correction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_id IS NOT NULL
     AND COALESCE(OLD.account_id, OLD.suggested_account_id) IS NOT NULL
     AND NEW.account_id <> COALESCE(OLD.account_id, OLD.suggested_account_id) THEN
    NEW.account_corrected_at := now();
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER blocks_account_correction BEFORE UPDATE OF "account_id" ON "blocks" FOR EACH ROW
  EXECUTE FUNCTION blocks_account_correction();

-- The blocks read before this migration.
UPDATE blocks b SET supplier_tax_id = s.tax_id
  FROM (
    SELECT DISTINCT ON (d.block_id) d.block_id, f.finding->>'cnpj' AS tax_id
      FROM document_findings f JOIN documents d ON d.id = f.document_id
     WHERE f.finding->>'kind' = 'fiscal' AND COALESCE(f.finding->>'cnpj', '') <> ''
     ORDER BY d.block_id, d.position, f.position
  ) s
 WHERE b.id = s.block_id;

-- A client's categorised blocks of one supplier, newest categorisation first: the suggestion reads the
-- client's own, and for its weaker hint those of each other client of the office.
CREATE INDEX "blocks_supplier_uses_idx"
  ON "blocks"("client_id", "supplier_tax_id", "categorized_at" DESC NULLS LAST)
  WHERE "supplier_tax_id" IS NOT NULL AND "account_id" IS NOT NULL;
