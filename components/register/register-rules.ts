import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { registerBody } from "@/lib/contract/register";
import { z } from "@/lib/contract/zod";
import { STEP_FIELDS, type RegisterData, type StepContext } from "./register-state";

// The wizard's rules, fetched after the page (register-wizard.tsx): each slide's fields checked with the
// contract's own schemas (lib/contract/register.ts), so the words are the server's. The raw values are
// kept (`raw: true`): what is stored in the tab and sent is what was typed; the server normalises it.
// The card fields are in no schema: never checked.
const contract: Record<string, z.ZodType> = registerBody.shape;

const slideResolvers = STEP_FIELDS.map((fields) => {
  const shape: Record<string, z.ZodType> = {};
  for (const { key } of fields) if (contract[key]) shape[key] = contract[key];
  // A shape picked at run time has no static type: the values are the wizard's.
  return zodResolver(z.object(shape), undefined, { raw: true }) as unknown as Resolver<RegisterData, StepContext>;
});

/** Checks the slide named by the context, every other field left as it is. */
export const stepResolver: Resolver<RegisterData, StepContext> = (values, context, options) => {
  const resolve = slideResolvers[context?.step ?? 0] ?? slideResolvers[0];
  return resolve(values, context, options);
};
