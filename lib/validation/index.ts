// The isomorphic validation rules of spec §5: plain predicates for the UI's live checks and zod
// schemas for request bodies and forms. Both sides import from here.
export { onlyDigits } from "./digits";
export { isValidCnpj, isValidCpf, cnpjCheckDigits, cpfCheckDigits } from "./documents";
export { isValidAddressNumber, isValidCep, isValidEmail, isValidPhone } from "./contact";
export { hasForbiddenCharacters, hasNul } from "./characters";
export {
  addressNumberSchema,
  cepSchema,
  clientCodeSchema,
  cnpjSchema,
  cpfSchema,
  emailSchema,
  multilineTextSchema,
  passwordSchema,
  phoneSchema,
  requiredSchema,
  SECRET_MAX,
  secretSchema,
  textSchema,
} from "./schemas";
