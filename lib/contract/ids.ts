import { apiMessages } from "@/lib/i18n/sections/api";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { z } from "./zod";

// Every id a request names goes through this one schema (ids are int4: 1 to ID_MAX of lib/constants.ts):
// a larger number reached PostgreSQL as an int4 parameter and failed there with a 500, where the caller
// had only sent a wrong id. z.int32() checks integer and range in one step (one message, not two, for
// 1e20); a missing id is "required".
export const idSchema = z
  .int32({ error: (issue) => (issue.input === undefined ? apiMessages.required : validationMessages.invalidId) })
  .min(1, validationMessages.invalidId);
