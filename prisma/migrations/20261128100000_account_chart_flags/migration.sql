-- CreateEnum
CREATE TYPE "AccountType" AS ENUM ('analytic', 'synthetic');

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "active" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "reduced_code" TEXT,
ADD COLUMN     "type" "AccountType" NOT NULL DEFAULT 'analytic';
