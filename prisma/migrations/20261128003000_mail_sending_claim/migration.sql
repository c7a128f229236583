-- A mail's send no longer holds its row's transaction open for the whole SMTP exchange (a slow server
-- outlived the transaction, which rolled back the counted attempt, and the message went out again and
-- again). The attempt is now claimed and counted in a statement of its own, committed, with the time
-- until which the runner is sending it.
ALTER TABLE "mail_outbox" ADD COLUMN "sending_until" TIMESTAMPTZ(3);
