-- A document without any code may be read by OCR: its finding carries no code (an access key or a
-- payment barcode), and its supplier's CNPJ, when read with its check digits holding, is the block's
-- supplier as a fiscal document's is.
ALTER TABLE "document_findings" ALTER COLUMN "code" DROP NOT NULL;

CREATE OR REPLACE FUNCTION blocks_supplier_from_finding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.finding->>'kind' IN ('fiscal', 'ocr') AND COALESCE(NEW.finding->>'cnpj', '') <> '' THEN
    UPDATE blocks b SET supplier_tax_id = NEW.finding->>'cnpj'
      FROM documents d
     WHERE d.id = NEW.document_id AND b.id = d.block_id AND b.supplier_tax_id IS NULL;
  END IF;
  RETURN NULL;
END $$;
