-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "ClientType" AS ENUM ('juridicPerson', 'individual');

-- CreateEnum
CREATE TYPE "InviteKind" AS ENUM ('accountingOperator', 'client', 'clientOperator');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT,
    "phone" TEXT,
    "picture_key" TEXT,
    "valid_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounting_offices" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "picture_key" TEXT,
    "cep" TEXT,
    "street" TEXT,
    "number" TEXT,
    "neighboor" TEXT,
    "city" TEXT,
    "state" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounting_offices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounting_operators" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "office_id" INTEGER NOT NULL,
    "type" SMALLINT NOT NULL DEFAULT 2,
    "blocked" BOOLEAN NOT NULL DEFAULT false,
    "has_payment_access" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounting_operators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clients" (
    "id" SERIAL NOT NULL,
    "office_id" INTEGER NOT NULL,
    "type" "ClientType" NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "picture_key" TEXT,
    "cep" TEXT,
    "street" TEXT,
    "number" TEXT,
    "neighboor" TEXT,
    "city" TEXT,
    "state" TEXT,
    "responsible_operator_id" INTEGER NOT NULL,
    "modified_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "removed_at" TIMESTAMPTZ(3),

    CONSTRAINT "clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_shares" (
    "client_id" INTEGER NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_shares_pkey" PRIMARY KEY ("client_id","operator_id")
);

-- CreateTable
CREATE TABLE "client_operators" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "type" SMALLINT NOT NULL DEFAULT 2,
    "blocked" BOOLEAN NOT NULL DEFAULT false,
    "shared_gallery" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "client_operators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invites" (
    "id" SERIAL NOT NULL,
    "kind" "InviteKind" NOT NULL,
    "email" TEXT NOT NULL,
    "office_id" INTEGER,
    "client_id" INTEGER,
    "invited_by_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "invites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" SERIAL NOT NULL,
    "office_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "year_of_exercise" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_accounts" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "activated_at" TIMESTAMPTZ(3) NOT NULL,
    "deactivated_at" TIMESTAMPTZ(3),
    "activated_by_id" INTEGER,

    CONSTRAINT "client_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blocks" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "account_id" INTEGER,
    "payment_date" DATE,
    "value_cents" BIGINT,
    "categorized_by_id" INTEGER,
    "categorized_at" TIMESTAMPTZ(3),
    "contabilized_by_id" INTEGER,
    "contabilized_at" TIMESTAMPTZ(3),
    "devolved_by_id" INTEGER,
    "devolved_at" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "sent_by_id" INTEGER,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMPTZ(3),
    "send_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "block_views" (
    "block_id" INTEGER NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "viewed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "block_views_pkey" PRIMARY KEY ("block_id","operator_id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "block_id" INTEGER,
    "uploaded_by_id" INTEGER,
    "client_ref" TEXT,
    "display_key" TEXT NOT NULL,
    "thumb_key" TEXT NOT NULL,
    "mime" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "library" TEXT NOT NULL DEFAULT '',
    "rescued" BOOLEAN NOT NULL DEFAULT false,
    "devolved_at" TIMESTAMPTZ(3),
    "restored_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pendencies" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "block_id" INTEGER NOT NULL,
    "issue" SMALLINT NOT NULL,
    "observations" TEXT NOT NULL DEFAULT '',
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "solved_at" TIMESTAMPTZ(3),
    "solved_by_id" INTEGER,

    CONSTRAINT "pendencies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contabilization_links" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "contabilization_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contabilization_sessions" (
    "id" SERIAL NOT NULL,
    "link_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "contabilization_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contabilization_leases" (
    "client_id" INTEGER NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contabilization_leases_pkey" PRIMARY KEY ("client_id")
);

-- CreateTable
CREATE TABLE "presences" (
    "user_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "screen" TEXT NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "presences_pkey" PRIMARY KEY ("user_id","client_id","screen")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "family_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "family_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_throttles" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "window_start" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "user_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_user_id" INTEGER,
    "office_id" INTEGER,
    "client_id" INTEGER,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "data" JSONB,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "accounting_operators_user_id_key" ON "accounting_operators"("user_id");

-- CreateIndex
CREATE INDEX "accounting_operators_office_id_type_idx" ON "accounting_operators"("office_id", "type");

-- CreateIndex
CREATE INDEX "clients_office_id_modified_at_idx" ON "clients"("office_id", "modified_at" DESC);

-- CreateIndex
CREATE INDEX "clients_responsible_operator_id_idx" ON "clients"("responsible_operator_id");

-- CreateIndex
CREATE UNIQUE INDEX "clients_office_id_code_key" ON "clients"("office_id", "code");

-- CreateIndex
CREATE INDEX "client_shares_operator_id_idx" ON "client_shares"("operator_id");

-- CreateIndex
CREATE UNIQUE INDEX "client_operators_user_id_key" ON "client_operators"("user_id");

-- CreateIndex
CREATE INDEX "client_operators_client_id_type_idx" ON "client_operators"("client_id", "type");

-- CreateIndex
CREATE INDEX "invites_email_idx" ON "invites"("email");

-- CreateIndex
CREATE UNIQUE INDEX "invites_office_id_kind_email_key" ON "invites"("office_id", "kind", "email");

-- CreateIndex
CREATE UNIQUE INDEX "invites_client_id_email_key" ON "invites"("client_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_office_id_year_of_exercise_code_key" ON "accounts"("office_id", "year_of_exercise", "code");

-- CreateIndex
CREATE INDEX "client_accounts_client_id_account_id_activated_at_idx" ON "client_accounts"("client_id", "account_id", "activated_at");

-- CreateIndex
CREATE INDEX "blocks_client_id_payment_date_idx" ON "blocks"("client_id", "payment_date");

-- CreateIndex
CREATE INDEX "blocks_client_id_account_id_payment_date_idx" ON "blocks"("client_id", "account_id", "payment_date");

-- CreateIndex
CREATE INDEX "blocks_client_id_sent_at_idx" ON "blocks"("client_id", "sent_at");

-- CreateIndex
CREATE INDEX "blocks_sent_by_id_sent_at_idx" ON "blocks"("sent_by_id", "sent_at");

-- CreateIndex
CREATE UNIQUE INDEX "blocks_client_id_send_key_key" ON "blocks"("client_id", "send_key");

-- CreateIndex
CREATE INDEX "block_views_operator_id_idx" ON "block_views"("operator_id");

-- CreateIndex
CREATE INDEX "documents_block_id_idx" ON "documents"("block_id");

-- CreateIndex
CREATE INDEX "documents_client_id_uploaded_by_id_created_at_idx" ON "documents"("client_id", "uploaded_by_id", "created_at");

-- CreateIndex
CREATE INDEX "documents_client_id_devolved_at_idx" ON "documents"("client_id", "devolved_at");

-- CreateIndex
CREATE UNIQUE INDEX "documents_client_id_client_ref_key" ON "documents"("client_id", "client_ref");

-- CreateIndex
CREATE INDEX "pendencies_client_id_solved_at_queued_at_idx" ON "pendencies"("client_id", "solved_at", "queued_at");

-- CreateIndex
CREATE INDEX "pendencies_client_id_created_at_idx" ON "pendencies"("client_id", "created_at");

-- CreateIndex
CREATE INDEX "pendencies_block_id_idx" ON "pendencies"("block_id");

-- CreateIndex
CREATE UNIQUE INDEX "contabilization_links_token_hash_key" ON "contabilization_links"("token_hash");

-- CreateIndex
CREATE INDEX "contabilization_links_operator_id_client_id_idx" ON "contabilization_links"("operator_id", "client_id");

-- CreateIndex
CREATE UNIQUE INDEX "contabilization_sessions_link_id_key" ON "contabilization_sessions"("link_id");

-- CreateIndex
CREATE UNIQUE INDEX "contabilization_sessions_token_hash_key" ON "contabilization_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "contabilization_sessions_client_id_idx" ON "contabilization_sessions"("client_id");

-- CreateIndex
CREATE INDEX "contabilization_leases_operator_id_idx" ON "contabilization_leases"("operator_id");

-- CreateIndex
CREATE INDEX "presences_client_id_screen_seen_at_idx" ON "presences"("client_id", "screen", "seen_at");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens"("family_id");

-- CreateIndex
CREATE INDEX "refresh_tokens_user_id_idx" ON "refresh_tokens"("user_id");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- CreateIndex
CREATE INDEX "audit_events_office_id_at_idx" ON "audit_events"("office_id", "at");

-- CreateIndex
CREATE INDEX "audit_events_client_id_at_idx" ON "audit_events"("client_id", "at");

-- CreateIndex
CREATE INDEX "audit_events_actor_user_id_at_idx" ON "audit_events"("actor_user_id", "at");

-- AddForeignKey
ALTER TABLE "accounting_operators" ADD CONSTRAINT "accounting_operators_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounting_operators" ADD CONSTRAINT "accounting_operators_office_id_fkey" FOREIGN KEY ("office_id") REFERENCES "accounting_offices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clients" ADD CONSTRAINT "clients_office_id_fkey" FOREIGN KEY ("office_id") REFERENCES "accounting_offices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clients" ADD CONSTRAINT "clients_responsible_operator_id_fkey" FOREIGN KEY ("responsible_operator_id") REFERENCES "accounting_operators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_shares" ADD CONSTRAINT "client_shares_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_shares" ADD CONSTRAINT "client_shares_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "accounting_operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_operators" ADD CONSTRAINT "client_operators_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_operators" ADD CONSTRAINT "client_operators_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_office_id_fkey" FOREIGN KEY ("office_id") REFERENCES "accounting_offices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_office_id_fkey" FOREIGN KEY ("office_id") REFERENCES "accounting_offices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_activated_by_id_fkey" FOREIGN KEY ("activated_by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_categorized_by_id_fkey" FOREIGN KEY ("categorized_by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_contabilized_by_id_fkey" FOREIGN KEY ("contabilized_by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_devolved_by_id_fkey" FOREIGN KEY ("devolved_by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_sent_by_id_fkey" FOREIGN KEY ("sent_by_id") REFERENCES "client_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "block_views" ADD CONSTRAINT "block_views_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "blocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "block_views" ADD CONSTRAINT "block_views_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "accounting_operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "blocks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_id_fkey" FOREIGN KEY ("uploaded_by_id") REFERENCES "client_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "blocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "accounting_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_solved_by_id_fkey" FOREIGN KEY ("solved_by_id") REFERENCES "client_operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contabilization_links" ADD CONSTRAINT "contabilization_links_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "accounting_operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contabilization_links" ADD CONSTRAINT "contabilization_links_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contabilization_sessions" ADD CONSTRAINT "contabilization_sessions_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "contabilization_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contabilization_sessions" ADD CONSTRAINT "contabilization_sessions_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "accounting_operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contabilization_sessions" ADD CONSTRAINT "contabilization_sessions_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contabilization_leases" ADD CONSTRAINT "contabilization_leases_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contabilization_leases" ADD CONSTRAINT "contabilization_leases_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "accounting_operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "presences" ADD CONSTRAINT "presences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "presences" ADD CONSTRAINT "presences_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_office_id_fkey" FOREIGN KEY ("office_id") REFERENCES "accounting_offices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;
