import { accessKeyDigit } from "@/lib/fiscal/check-digits";
import { parseAccessKey, type FiscalModel } from "@/lib/fiscal/access-key";
import type { FiscalDocument, FiscalItem } from "@/lib/fiscal/fiscal-document";

// Fiscal documents as the XML reader would give them, one per model, for the page's tests.

/** A valid key: SP, March 2025, the issuer's CNPJ, the model; NF-e/NFC-e/CT-e or CF-e layout. */
export function sampleKey(model: FiscalModel, issuer = "12345678000195", number = 1234): string {
  const middle =
    model === "59"
      ? `900001234${String(number).padStart(6, "0")}123456`
      : `001${String(number).padStart(9, "0")}112345678`;
  const body = `352503${issuer}${model}${middle}`;
  return `${body}${accessKeyDigit(body)}`;
}

const PRODUCTS: [string, string, string, string, number][] = [
  ["7891000100103", "FARINHA DE TRIGO ESPECIAL TIPO 1 25KG", "20.0000", "SC", 8950],
  ["000452", "Fermento biológico seco 500 g", "10.0000", "UN", 1290],
  ["ACU-5KG", "AÇÚCAR REFINADO 5KG", "8.0000", "PCT", 2490],
  ["88", "Óleo de soja 900 ml — caixa com 20 unidades", "2.5000", "CX", 15990],
  ["7896005800010", "MARGARINA C/ SAL 15KG BALDE", "1.0000", "BD", 21990],
];

export function sampleItems(count: number): FiscalItem[] {
  return Array.from({ length: count }, (_, i) => {
    const [code, description, quantity, unit, unitValueCents] = PRODUCTS[i % PRODUCTS.length];
    const amount = Number(quantity);
    return {
      code,
      description: count > PRODUCTS.length ? `${description} (${i + 1})` : description,
      quantity,
      unit,
      unitValueCents,
      totalCents: Math.round(amount * unitValueCents),
    };
  });
}

export function sampleDocument(model: FiscalModel, overrides: Partial<FiscalDocument> = {}): FiscalDocument {
  const key = parseAccessKey(sampleKey(model));
  if (!key) throw new Error("sample key does not parse");
  const items = overrides.items ?? sampleItems(model === "57" ? 1 : 5);
  return {
    key,
    version: model === "59" ? "0.08" : "4.00",
    issuedOn: "2025-03-14",
    issuer: {
      document: "12345678000195",
      name: "MOINHO TRIGO DOURADO INDÚSTRIA E COMÉRCIO DE ALIMENTOS LTDA",
      address: "Rod. dos Bandeirantes, 68000, km 68 - Distrito Industrial, Jundiaí/SP",
    },
    recipient: {
      document: model === "65" || model === "59" ? "12345678909" : "98765432000198",
      name: model === "65" || model === "59" ? "Maria José da Conceição" : "PADARIA PÃO & CIA LTDA",
      address: "Rua Augusta, 1508, Consolação, São Paulo/SP",
    },
    items,
    totalCents: items.reduce((sum, item) => sum + item.totalCents, 0),
    homologation: false,
    authorised: true,
    ...overrides,
  };
}

/** A CT-e: one service, a taker, no product list. */
export function sampleTransport(): FiscalDocument {
  const key = parseAccessKey(sampleKey("57", "11222333000181"));
  if (!key) throw new Error("sample key does not parse");
  return sampleDocument("57", {
    key,
    issuer: {
      document: "11222333000181",
      name: "TRANSPORTADORA RODO SUL LTDA",
      address: "Av. Marginal, 500, Vila Leopoldina, São Paulo/SP",
    },
    items: [
      {
        code: null,
        description: "Frete peso — São Paulo/SP a Curitiba/PR",
        quantity: null,
        unit: null,
        unitValueCents: null,
        totalCents: 185000,
      },
    ],
    totalCents: 185000,
  });
}
