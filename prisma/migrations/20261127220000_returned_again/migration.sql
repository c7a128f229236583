-- A document restored from an earlier return, sent again and returned again kept its old restored_at:
-- the Devolvidos list (restored_at IS NULL) hid it while the deletion job (restored_at < devolved_at)
-- deleted it seven days later. Devolving now clears restored_at; the rows already in that state are
-- returned anew here.
UPDATE documents SET restored_at = NULL WHERE devolved_at IS NOT NULL AND restored_at IS NOT NULL AND restored_at < devolved_at;
