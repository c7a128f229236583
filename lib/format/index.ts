// pt-BR formatting shared by server and UI: input masks, money, dates in São Paulo time, search.
export {
  CEP_MASK,
  CNPJ_MASK,
  CPF_MASK,
  PHONE_MASK,
  maskCep,
  maskClientCode,
  maskCnpj,
  maskCpf,
  maskNumber,
  maskPhone,
} from "./masks";
export {
  MONEY_MAX_DIGITS,
  centsToDecimalText,
  decimalTextToCents,
  formatCents,
  maskCurrency,
  parseCurrencyInput,
  parsePastedMoney,
} from "./money";
export {
  ALL_MONTHS_LABEL,
  TIME_ZONE,
  formatCalendarDate,
  formatDate,
  formatModified,
  formatTime,
  isValidCalendarDate,
  monthNames,
  monthOptions,
  saoPauloParts,
  type DateInput,
  type ZonedParts,
} from "./dates";
export { matchesAccount, matchesClient, normalizeSearch } from "./search";
