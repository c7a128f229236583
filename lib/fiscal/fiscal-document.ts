import type { AccessKey } from "./access-key";

// What a fiscal XML (NF-e / NFC-e 3.10 and 4.00, CT-e, CF-e SAT) says, as read by server/fiscal/ and
// drawn as a simplified DANFE page. Money in cents, dates as YYYY-MM-DD in the document's own zone.

/** A party of the document: CNPJ or CPF in digits, as written (null when the document has none). */
export type FiscalParty = {
  document: string | null;
  name: string | null;
  /** One line: street, number, district, city/UF (null when absent). */
  address: string | null;
};

export type FiscalItem = {
  code: string | null;
  description: string;
  /** Quantity as written (decimal text, dot separator). */
  quantity: string | null;
  unit: string | null;
  unitValueCents: number | null;
  totalCents: number;
};

export type FiscalDocument = {
  key: AccessKey;
  /** The XML's layout version attribute (e.g. "4.00", "3.10", "0.08"). */
  version: string | null;
  /** The emission date (dhEmi / dEmi / CF-e dEmi), YYYY-MM-DD. */
  issuedOn: string | null;
  issuer: FiscalParty;
  /** NF-e/NFC-e dest, CT-e the taker (toma) or recipient, CF-e the buyer (dest); null when absent. */
  recipient: FiscalParty | null;
  items: FiscalItem[];
  /** The document's total (vNF, vTPrest, vCFe). */
  totalCents: number;
  /** tpAmb 2: homologation ('Sem valor fiscal (homologação)'). */
  homologation: boolean;
  /**
   * An authorisation protocol with an authorised status is attached (nfeProc/cteProc); a CF-e is
   * authorised by its SAT.
   */
  authorised: boolean;
};
