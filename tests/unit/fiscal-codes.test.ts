// The fiscal and payment codes read from documents (lib/fiscal): published examples read right, every
// broken check digit refused, the boleto's due-date factor placed on both sides of its 2025 restart.
import { parseAccessKey } from "@/lib/fiscal/access-key";
import { accessKeyDigit, boletoDigit, collectionMod11Digit, mod10Digit } from "@/lib/fiscal/check-digits";
import { parseFiscalQr } from "@/lib/fiscal/fiscal-qr";
import { dueDateOfFactor, parsePaymentCode } from "@/lib/fiscal/payment-codes";

// Keys quoted in the NF-e taxpayer's manual and its knowledge bases.
const NFE_KEY = "35080599999090910270550010000000015180051273";
const NFE_KEY_GO = "52060433009911002506550120000007800267301615";
// A Bradesco boleto's typed line, and its barcode.
const BOLETO_LINE = "23793.38128 60007.827136 95000.063305 9 75520000370000";
const BOLETO_BARCODE = "23799755200003700003381260007827139500006330";
// A utility bill (segment 4, value in reais, modulo 10).
const COLLECTION_LINE = "84670000001-7 43590024020-9 02405000243-5 84221010811-9";

/** Every string made by changing one digit of `text` at `index` to another digit. */
function withDigitChanged(text: string, index: number): string[] {
  return [..."0123456789"]
    .filter((d) => d !== text[index])
    .map((d) => text.slice(0, index) + d + text.slice(index + 1));
}

/** A key of `model` with its DV. */
function keyOf(body43: string): string {
  return body43 + accessKeyDigit(body43);
}

describe("access keys", () => {
  test("published keys read into their parts", () => {
    expect(parseAccessKey(NFE_KEY)).toEqual({
      key: NFE_KEY,
      state: "35",
      year: 2008,
      month: 5,
      issuer: "99999090910270",
      model: "55",
      series: "001",
      number: "000000001",
    });
    expect(parseAccessKey(NFE_KEY_GO)).toMatchObject({ state: "52", model: "55", series: "012", number: "000000780" });
  });

  test("a CF-e SAT key holds the SAT serial and a six-digit number", () => {
    const key = keyOf("35" + "2511" + "61099008000141" + "59" + "900004019" + "000123" + "654321");
    expect(parseAccessKey(key)).toMatchObject({ model: "59", series: "900004019", number: "000123", year: 2025 });
  });

  test("every changed DV, and every change of one digit, is refused", () => {
    for (const broken of withDigitChanged(NFE_KEY, 43)) expect(parseAccessKey(broken)).toBeNull();
    for (let i = 0; i < 43; i += 1) {
      for (const broken of withDigitChanged(NFE_KEY, i)) expect(parseAccessKey(broken)).toBeNull();
    }
  });

  test("a valid DV over an impossible state, month or model is refused; so is any other length", () => {
    expect(parseAccessKey(keyOf("99" + NFE_KEY.slice(2, 43)))).toBeNull();
    expect(parseAccessKey(keyOf("35" + "0813" + NFE_KEY.slice(6, 43)))).toBeNull();
    expect(parseAccessKey(keyOf(NFE_KEY.slice(0, 20) + "01" + NFE_KEY.slice(22, 43)))).toBeNull();
    expect(parseAccessKey(NFE_KEY.slice(1))).toBeNull();
    expect(parseAccessKey(`${NFE_KEY} `)).toBeNull();
  });
});

describe("boletos", () => {
  test("the typed line and the barcode read alike", () => {
    const expected = {
      kind: "boleto",
      barcode: BOLETO_BARCODE,
      bank: "237",
      dueDate: "2018-06-11",
      valueCents: 370000,
    };
    expect(parsePaymentCode(BOLETO_LINE, "2018-06-01")).toEqual(expected);
    expect(parsePaymentCode(BOLETO_BARCODE, "2018-06-01")).toEqual(expected);
  });

  test("each field's DV and the general DV are checked", () => {
    const line = BOLETO_LINE.replace(/\D/g, "");
    for (const index of [9, 20, 31, 32]) {
      for (const broken of withDigitChanged(line, index)) expect(parsePaymentCode(broken, "2018-06-01")).toBeNull();
    }
    for (const broken of withDigitChanged(BOLETO_BARCODE, 4)) expect(parsePaymentCode(broken, "2018-06-01")).toBeNull();
    for (const broken of withDigitChanged(BOLETO_BARCODE, 30))
      expect(parsePaymentCode(broken, "2018-06-01")).toBeNull();
  });

  test("the due-date factor: 9999 is 2025-02-21, 1000 the next day, each read nearest today", () => {
    expect(dueDateOfFactor(9999, "2025-02-10")).toBe("2025-02-21");
    expect(dueDateOfFactor(1000, "2025-02-10")).toBe("2025-02-22");
    expect(dueDateOfFactor(1000, "2000-07-01")).toBe("2000-07-03");
    expect(dueDateOfFactor(1325, "2026-01-01")).toBe("2026-01-13");
    expect(dueDateOfFactor(7552, "2026-11-28")).toBe("2018-06-11");
    expect(dueDateOfFactor(0, "2026-11-28")).toBeNull();
  });

  test("a boleto made after the restart reads its new date", () => {
    const body = "341" + "9" + "1325" + "0000012345" + "1090063571277308714446400";
    const barcode = body.slice(0, 4) + boletoDigit(body) + body.slice(4);
    expect(parsePaymentCode(barcode, "2026-01-05")).toMatchObject({ dueDate: "2026-01-13", valueCents: 12345 });
    expect(parsePaymentCode(barcode.slice(0, 3) + "8" + barcode.slice(4), "2026-01-05")).toBeNull();
  });
});

describe("collection slips", () => {
  test("a utility bill's line (modulo 10) reads its segment and value", () => {
    expect(parsePaymentCode(COLLECTION_LINE, "2026-11-28")).toEqual({
      kind: "arrecadacao",
      barcode: "84670000001435900240200240500024384221010811",
      segment: "4",
      valueCents: 14359,
    });
    const digits = COLLECTION_LINE.replace(/\D/g, "");
    for (const index of [3, 11, 23, 35, 47]) {
      for (const broken of withDigitChanged(digits, index)) expect(parsePaymentCode(broken, "2026-11-28")).toBeNull();
    }
  });

  /** A slip's barcode and line of a value type, its DVs by the type's modulus. */
  function slip(valueType: string, rest40: string): { barcode: string; line: string } {
    const digit = valueType === "6" || valueType === "7" ? mod10Digit : collectionMod11Digit;
    const body = "85" + valueType + rest40;
    const barcode = body.slice(0, 3) + digit(body) + body.slice(3);
    const line = [0, 11, 22, 33].map((i) => barcode.slice(i, i + 11) + digit(barcode.slice(i, i + 11))).join("");
    return { barcode, line };
  }

  test("modulo 11 where the third digit is 8 or 9; a reference quantity (7, 9) has no value", () => {
    const eight = slip("8", "00000002599" + "0100" + "1234567890123456789012345");
    expect(parsePaymentCode(eight.line, "2026-11-28")).toMatchObject({ segment: "5", valueCents: 2599 });
    expect(parsePaymentCode(eight.barcode, "2026-11-28")).toMatchObject({ valueCents: 2599 });
    const nine = slip("9", "00000002599" + "0100" + "1234567890123456789012345");
    expect(parsePaymentCode(nine.line, "2026-11-28")).toMatchObject({ valueCents: null });
    const seven = slip("7", "00000002599" + "0100" + "1234567890123456789012345");
    expect(parsePaymentCode(seven.barcode, "2026-11-28")).toMatchObject({ valueCents: null });
    for (const broken of withDigitChanged(eight.barcode, 3)) expect(parsePaymentCode(broken, "2026-11-28")).toBeNull();
    // The 48-digit line: each field of 11 digits carries its own modulo 11 DV; one changed is refused.
    for (const field of [0, 1, 2, 3]) {
      for (const broken of withDigitChanged(eight.line, field * 12 + 11)) {
        expect(parsePaymentCode(broken, "2026-11-28")).toBeNull();
      }
    }
  });

  test("the collection modulo 11: remainder 0 or 1 gives 0, remainder 10 gives 1", () => {
    // Sums: "0" → 0; "5" (weight 2) → 10; "6" → 12 (remainder 1); "2" → 4 (remainder 4, DV 7).
    expect(collectionMod11Digit("0")).toBe(0);
    expect(collectionMod11Digit("6")).toBe(0);
    expect(collectionMod11Digit("5")).toBe(1);
    expect(collectionMod11Digit("2")).toBe(7);
  });

  test("anything else is not a payment code", () => {
    for (const text of ["", "abc", "8".repeat(47), "1".repeat(48), BOLETO_LINE + "0", "846700000017 x"]) {
      expect(parsePaymentCode(text, "2026-11-28")).toBeNull();
    }
  });
});

describe("QR codes", () => {
  const nfce = keyOf("35" + "2611" + "61099008000141" + "65" + "001" + "000004711" + "1" + "12345678");

  test("NFC-e version 2 online: the key alone", () => {
    const url = `https://www.nfce.fazenda.sp.gov.br/qrcode?p=${nfce}|2|1|1|0a1b2c3d4e5f60718293a4b5c6d7e8f901234567`;
    expect(parseFiscalQr(url)).toEqual({ key: parseAccessKey(nfce), date: null, valueCents: null, buyer: null });
  });

  test("NFC-e version 2 offline: the day of emission and the total", () => {
    const url = `http://nfce.sefaz.example/qr?p=${nfce}|2|1|17|58.90|6a6b6c|1|0a1b2c`;
    expect(parseFiscalQr(url)).toMatchObject({ date: "2026-11-17", valueCents: 5890 });
    expect(parseFiscalQr(url.replace("|17|", "|31|"))).toBeNull();
  });

  test("NFC-e version 3: the key", () => {
    expect(parseFiscalQr(`https://sat.sef.sc.gov.br/nfce/consulta?p=${nfce}|3|1`)).toMatchObject({ date: null });
  });

  test("an NFC-e QR whose key fails its DV, or holds another model, is refused", () => {
    const broken = nfce.slice(0, 43) + ((Number(nfce[43]) + 1) % 10);
    expect(parseFiscalQr(`https://x.example/qr?p=${broken}|2|1|1|abc`)).toBeNull();
    expect(parseFiscalQr(`https://x.example/qr?p=${NFE_KEY}|2|1|1|abc`)).toBeNull();
    expect(parseFiscalQr("https://x.example/qr?p=%E0%A4%A")).toBeNull();
  });

  test("CF-e SAT: the key, the date and time, the total and the buyer", () => {
    const cfe = keyOf("35" + "2511" + "61099008000141" + "59" + "900004019" + "000123" + "654321");
    expect(parseFiscalQr(`${cfe}|20251130143210|12.50|12345678909|assinatura==`)).toEqual({
      key: parseAccessKey(cfe),
      date: "2025-11-30",
      valueCents: 1250,
      buyer: "12345678909",
    });
    expect(parseFiscalQr(`${cfe}|20251130143210|12.50||assinatura==`)).toMatchObject({ buyer: null });
    expect(parseFiscalQr(`${cfe}|20251131143210|12.50||x`)).toBeNull();
    expect(parseFiscalQr(`${nfce}|20251130143210|12.50||x`)).toBeNull();
    // A CF-e key whose check digit fails.
    const broken = cfe.slice(0, 43) + ((Number(cfe[43]) + 1) % 10);
    expect(parseFiscalQr(`${broken}|20251130143210|12.50|12345678909|assinatura==`)).toBeNull();
  });
});
