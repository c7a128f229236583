import { accessKeyDigit } from "./check-digits";

// The 44-digit access key of NF-e (55), NFC-e (65), CT-e (57) and CF-e SAT (59): cUF · AAMM · issuer
// CNPJ (a CPF issuer's padded with zeros) · model · the document's numbers · DV (mod 11). The NF-e, NFC-e
// and CT-e keys hold series (3), number (9), emission type (1) and a random code (8); the CF-e's the SAT
// serial (9), the CF-e number (6) and a random code (6).

export type FiscalModel = "55" | "65" | "57" | "59";

export type AccessKey = {
  key: string;
  state: string;
  year: number;
  month: number;
  issuer: string;
  model: FiscalModel;
  /** NF-e, NFC-e and CT-e: the series; CF-e: the SAT's serial number. */
  series: string;
  number: string;
};

// IBGE codes of the 27 states.
const STATES = new Set([
  "11",
  "12",
  "13",
  "14",
  "15",
  "16",
  "17",
  "21",
  "22",
  "23",
  "24",
  "25",
  "26",
  "27",
  "28",
  "29",
  "31",
  "32",
  "33",
  "35",
  "41",
  "42",
  "43",
  "50",
  "51",
  "52",
  "53",
]);
const MODELS = new Set<string>(["55", "65", "57", "59"]);

/** The key's parts when `text` is a well-formed key whose DV holds; null otherwise. */
export function parseAccessKey(text: string): AccessKey | null {
  if (!/^\d{44}$/.test(text)) return null;
  if (accessKeyDigit(text.slice(0, 43)) !== Number(text[43])) return null;
  const state = text.slice(0, 2);
  const month = Number(text.slice(4, 6));
  const model = text.slice(20, 22);
  if (!STATES.has(state) || month < 1 || month > 12 || !MODELS.has(model)) return null;
  const cfe = model === "59";
  return {
    key: text,
    state,
    year: 2000 + Number(text.slice(2, 4)),
    month,
    issuer: text.slice(6, 20),
    model: model as FiscalModel,
    series: cfe ? text.slice(22, 31) : text.slice(22, 25),
    number: cfe ? text.slice(31, 37) : text.slice(25, 34),
  };
}
