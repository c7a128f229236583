-- AlterTable
ALTER TABLE "accounting_offices" ADD COLUMN     "trial_ends_at" TIMESTAMPTZ(3);
