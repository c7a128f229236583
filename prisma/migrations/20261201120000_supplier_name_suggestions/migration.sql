-- The account suggestion by the supplier's name (docs/decisions/0331-suggestion-by-supplier-name.md):
-- a block whose reading has no CNPJ (a receipt read by OCR) is matched to the client's earlier blocks
-- by its supplier's name, normalised.

-- The one normalisation of a supplier's name: accents and case folded, punctuation and spaces reduced
-- to single spaces, then the legal suffixes at its end taken off (LTDA, ME, EPP, EIRELI, MEI, SLU,
-- S.A., S/A, SA, in any number and order). Null when nothing is left.
CREATE FUNCTION supplier_name_key(name TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT NULLIF(btrim(regexp_replace(
           ' ' || btrim(regexp_replace(lower(translate(name,
             'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ',
             'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn')), '[^a-z0-9]+', ' ', 'g')),
           '( (ltda|me|epp|eireli|mei|slu|sa|s a))+$', '')), '')
$$;

ALTER TABLE "blocks" ADD COLUMN "supplier_name_key" TEXT;

-- The first supplier name read off the block (a fiscal document's issuer or a receipt's name read by
-- OCR), normalised. Kept by PostgreSQL from every writer of findings, as the supplier's CNPJ is.
CREATE FUNCTION blocks_supplier_name_from_finding() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key TEXT;
BEGIN
  IF NEW.finding->>'kind' IN ('fiscal', 'ocr') THEN
    key := supplier_name_key(NEW.finding->>'supplierName');
    IF key IS NOT NULL THEN
      UPDATE blocks b SET supplier_name_key = key
        FROM documents d
       WHERE d.id = NEW.document_id AND b.id = d.block_id AND b.supplier_name_key IS NULL;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER document_findings_supplier_name AFTER INSERT ON "document_findings" FOR EACH ROW
  EXECUTE FUNCTION blocks_supplier_name_from_finding();

-- The blocks read before this migration.
UPDATE blocks b SET supplier_name_key = s.key
  FROM (
    SELECT DISTINCT ON (d.block_id) d.block_id, supplier_name_key(f.finding->>'supplierName') AS key
      FROM document_findings f JOIN documents d ON d.id = f.document_id
     WHERE f.finding->>'kind' IN ('fiscal', 'ocr') AND d.block_id IS NOT NULL
       AND supplier_name_key(f.finding->>'supplierName') IS NOT NULL
     ORDER BY d.block_id, d.position, f.position
  ) s
 WHERE b.id = s.block_id;

-- A client's categorised blocks of one supplier name, newest categorisation first (as
-- blocks_supplier_uses_idx for the CNPJ).
CREATE INDEX "blocks_supplier_name_uses_idx"
  ON "blocks"("client_id", "supplier_name_key", "categorized_at" DESC NULLS LAST)
  WHERE "supplier_name_key" IS NOT NULL AND "account_id" IS NOT NULL;
