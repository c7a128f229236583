-- Near-duplicate blocks (docs/decisions/0300-near-duplicate-blocks.md): beside the shared access key or
-- barcode, "mesmo fornecedor e valor em até 3 dias" and "mesma foto", and the pairs an office operator
-- said are not duplicates.

-- The value and date of the finding that gave a block its supplier.
ALTER TABLE "blocks" ADD COLUMN "read_value_cents" BIGINT,
ADD COLUMN "read_date" DATE;

-- A photo's 64-bit perceptual hash (null: a PDF's or an XML's page, or a photo stored before it).
ALTER TABLE "documents" ADD COLUMN "photo_hash" BIGINT;

CREATE TABLE "block_duplicate_dismissals" (
    "block_id" INTEGER NOT NULL,
    "other_block_id" INTEGER NOT NULL,
    "dismissed_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "block_duplicate_dismissals_pkey" PRIMARY KEY ("block_id","other_block_id"),
    -- One row per pair: the smaller id first.
    CONSTRAINT "block_duplicate_dismissals_order" CHECK ("block_id" < "other_block_id")
);

CREATE INDEX "block_duplicate_dismissals_other_block_id_idx" ON "block_duplicate_dismissals"("other_block_id");
CREATE INDEX "block_duplicate_dismissals_dismissed_by_id_idx" ON "block_duplicate_dismissals"("dismissed_by_id");

ALTER TABLE "block_duplicate_dismissals" ADD CONSTRAINT "block_duplicate_dismissals_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "blocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "block_duplicate_dismissals" ADD CONSTRAINT "block_duplicate_dismissals_other_block_id_fkey" FOREIGN KEY ("other_block_id") REFERENCES "blocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "block_duplicate_dismissals" ADD CONSTRAINT "block_duplicate_dismissals_dismissed_by_id_fkey" FOREIGN KEY ("dismissed_by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- After blocks_supplier_from_finding (triggers fire in name order: document_findings_supplier first):
-- the first finding of the block's supplier that carries a value gives the read value and date.
CREATE FUNCTION blocks_read_value_from_finding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF COALESCE(NEW.finding->>'cnpj', '') <> '' AND jsonb_typeof(NEW.finding->'valueCents') = 'number' THEN
    UPDATE blocks b SET read_value_cents = (NEW.finding->>'valueCents')::bigint,
                        read_date = CASE WHEN NEW.finding->>'date' ~ '^\d{4}-\d{2}-\d{2}$'
                                         THEN (NEW.finding->>'date')::date END
      FROM documents d
     WHERE d.id = NEW.document_id AND b.id = d.block_id
       AND b.supplier_tax_id = NEW.finding->>'cnpj' AND b.read_value_cents IS NULL;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER document_findings_value AFTER INSERT ON "document_findings" FOR EACH ROW
  EXECUTE FUNCTION blocks_read_value_from_finding();

-- The blocks read before this migration.
UPDATE blocks b SET read_value_cents = s.value_cents, read_date = s.read_date
  FROM (
    SELECT DISTINCT ON (d.block_id) d.block_id, (f.finding->>'valueCents')::bigint AS value_cents,
           CASE WHEN f.finding->>'date' ~ '^\d{4}-\d{2}-\d{2}$' THEN (f.finding->>'date')::date END AS read_date,
           f.finding->>'cnpj' AS tax_id
      FROM document_findings f JOIN documents d ON d.id = f.document_id
     WHERE COALESCE(f.finding->>'cnpj', '') <> '' AND jsonb_typeof(f.finding->'valueCents') = 'number'
       AND d.block_id IS NOT NULL
     ORDER BY d.block_id, d.position, f.position
  ) s
 WHERE b.id = s.block_id AND b.supplier_tax_id = s.tax_id;

-- "mesmo fornecedor e valor em até 3 dias": a block's live blocks of one supplier and value, by date
-- (its own value and payment date when it has them, else the read ones). One range probe per block.
CREATE INDEX "blocks_supplier_value_idx"
  ON "blocks"("client_id", "supplier_tax_id", (COALESCE("value_cents", "read_value_cents")),
              (COALESCE("payment_date", "read_date")))
  WHERE "supplier_tax_id" IS NOT NULL AND "undone_at" IS NULL AND "devolved_at" IS NULL;

-- "mesma foto": the five 13-bit bands of the photo hash, each indexed with the client, over the
-- documents not deleted. Two hashes within distance 4 share at least one band. The hash and the block
-- are carried by each index, so the full distance is checked without reading the documents.
CREATE INDEX "documents_photo_band0_idx" ON "documents"("client_id", (("photo_hash" & 8191)::int))
  INCLUDE ("photo_hash", "block_id") WHERE "photo_hash" IS NOT NULL AND "deleted_at" IS NULL;
CREATE INDEX "documents_photo_band1_idx" ON "documents"("client_id", ((("photo_hash" >> 13) & 8191)::int))
  INCLUDE ("photo_hash", "block_id") WHERE "photo_hash" IS NOT NULL AND "deleted_at" IS NULL;
CREATE INDEX "documents_photo_band2_idx" ON "documents"("client_id", ((("photo_hash" >> 26) & 8191)::int))
  INCLUDE ("photo_hash", "block_id") WHERE "photo_hash" IS NOT NULL AND "deleted_at" IS NULL;
CREATE INDEX "documents_photo_band3_idx" ON "documents"("client_id", ((("photo_hash" >> 39) & 8191)::int))
  INCLUDE ("photo_hash", "block_id") WHERE "photo_hash" IS NOT NULL AND "deleted_at" IS NULL;
CREATE INDEX "documents_photo_band4_idx" ON "documents"("client_id", ((("photo_hash" >> 52) & 8191)::int))
  INCLUDE ("photo_hash", "block_id") WHERE "photo_hash" IS NOT NULL AND "deleted_at" IS NULL;
