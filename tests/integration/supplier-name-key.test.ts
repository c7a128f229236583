// The one normalisation of a supplier's name (docs/decisions/0331-suggestion-by-supplier-name.md): the
// SQL function supplier_name_key, with which the database keeps each block's supplier_name_key and the
// account suggestion reads the name of a block without a CNPJ. A pure function, checked here case by case.
import { getDb } from "@/server/db/client";

const key = async (name: string | null) =>
  (await getDb().$queryRaw<{ key: string | null }[]>`SELECT supplier_name_key(${name}::text) AS key`)[0].key;

describe("supplier_name_key", () => {
  test.each([
    ["PADARIA PÃO QUENTE LTDA", "padaria pao quente"],
    ["Padaria Pão-Quente Ltda.", "padaria pao quente"],
    ["  padaria   pao quente  ", "padaria pao quente"],
    ["Açaí & Cia. Comércio de Alimentos EIRELI", "acai cia comercio de alimentos"],
    ["OFICINA DO ZÉ - ME", "oficina do ze"],
    ["Oficina do Zé Ltda ME", "oficina do ze"],
    ["Oficina do Ze EPP", "oficina do ze"],
    ["Posto Estrela S.A.", "posto estrela"],
    ["POSTO ESTRELA S/A", "posto estrela"],
    ["Posto Estrela SA", "posto estrela"],
    ["João da Silva MEI", "joao da silva"],
    ["Serviços Ômega SLU", "servicos omega"],
    ["Ótica Visão Nº 2", "otica visao n 2"],
  ])("%j → %j", async (name, expected) => {
    expect(await key(name)).toBe(expected);
  });

  test("a legal suffix is taken off only at the end and as a whole word", async () => {
    expect(await key("ME Distribuidora")).toBe("me distribuidora");
    expect(await key("Casa Ltda Nova")).toBe("casa ltda nova");
    expect(await key("Mesa Posta")).toBe("mesa posta");
    expect(await key("Farmácia Rosa")).toBe("farmacia rosa");
  });

  test("nothing but suffixes, punctuation or spaces, and no name at all: null", async () => {
    for (const name of ["LTDA", " - ME - ", "S.A.", "", "   ", "..."])
      expect([name, await key(name)]).toEqual([name, null]);
    expect(await key(null)).toBeNull();
  });
});
