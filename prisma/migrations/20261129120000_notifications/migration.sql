-- Notification e-mails (docs/decisions/0290-notification-emails.md): the outbox keeps a message's extra
-- headers (List-Unsubscribe), each person's choice per kind (no row: on), and the digests already written
-- per operator and São Paulo day (a repeated run of the digest job writes no second mail).

-- AlterTable
ALTER TABLE "mail_outbox" ADD COLUMN     "headers" JSONB;

-- CreateTable
CREATE TABLE "notification_preferences" (
    "user_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id","kind")
);

-- CreateTable
CREATE TABLE "operator_digests" (
    "operator_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "clients" INTEGER NOT NULL,
    "blocks" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operator_digests_pkey" PRIMARY KEY ("operator_id","day")
);

-- AddForeignKey
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "operator_digests" ADD CONSTRAINT "operator_digests_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "accounting_operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The kinds of lib/contract/notifications.ts.
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" IN ('pendency', 'returned', 'digest'));
