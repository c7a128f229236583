// The isomorphic validation rules of spec §5: plain predicates for the UI's live checks (here) and
// zod schemas for request bodies and forms (./schemas). Both sides import them.
export { onlyDigits } from "./digits";
export { isValidCnpj, isValidCpf, cnpjCheckDigits, cpfCheckDigits } from "./documents";
export { isValidAddressNumber, isValidCep, isValidEmail, isValidPhone } from "./contact";
export { hasForbiddenCharacters, hasNul } from "./characters";
// The zod schemas are in ./schemas (imported from there): this index stays free of zod, so a page that
// only needs a predicate (the login's e-mail check) does not ship zod to the browser.
