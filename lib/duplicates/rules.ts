// The "mesmo fornecedor e valor em até 3 dias" rule (docs/decisions/0300-near-duplicate-blocks.md): two
// live blocks of a client with the same supplier CNPJ, the same value and dates at most
// SUPPLIER_VALUE_DAYS apart. Each block's value and date are its own (value and payment date, as saved)
// when it has them, else the read ones (the finding that gave its supplier). PostgreSQL applies the rule
// (server/blocks/reading.ts, through an index); this is its statement for one pair.

export const SUPPLIER_VALUE_DAYS = 3;

export type SupplierValueFacts = {
  supplierTaxId: string | null;
  /** Cents, as saved (null: not categorised). */
  valueCents: bigint | null;
  /** YYYY-MM-DD, as saved. */
  paymentDate: string | null;
  readValueCents: bigint | null;
  readDate: string | null;
};

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The value and date the rule compares for a block (its own, else the read ones). */
export function comparedValueAndDate(block: SupplierValueFacts): { valueCents: bigint | null; date: string | null } {
  return { valueCents: block.valueCents ?? block.readValueCents, date: block.paymentDate ?? block.readDate };
}

/** Whether two blocks are "mesmo fornecedor e valor em até 3 dias". */
export function sameSupplierAndValue(a: SupplierValueFacts, b: SupplierValueFacts): boolean {
  if (a.supplierTaxId === null || a.supplierTaxId !== b.supplierTaxId) return false;
  const one = comparedValueAndDate(a);
  const two = comparedValueAndDate(b);
  if (one.valueCents === null || one.valueCents !== two.valueCents || one.date === null || two.date === null) {
    return false;
  }
  return Math.abs(dayOf(one.date) - dayOf(two.date)) <= SUPPLIER_VALUE_DAYS;
}
