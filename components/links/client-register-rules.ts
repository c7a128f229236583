import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { clientRegistration } from "@/lib/contract/invites";
import { z } from "@/lib/contract/zod";
import { linksMessages } from "@/lib/i18n/sections/links";
import { cpfSchema, passwordSchema, phoneSchema, requiredSchema } from "@/lib/validation/schemas";
import type { ClientRegisterContext, ClientRegisterValues } from "./client-register-values";

// The registration form's rules, fetched after the page (client-register-form.tsx): the company with the
// contract's own schema (so the server's words), the first user with the shared field schemas. The raw
// values are kept (`raw: true`): what is sent is what was typed; the server normalises it.

/** An e-mail with a login: the company and that login's password. */
const existingUser = z.object({ client: clientRegistration, password: passwordSchema });

/** A new user: Nome, CPF, Telefone and the password typed twice (the pair is compared once it is long
 * enough, and reported under the confirmation). */
const newUser = z
  .object({
    client: clientRegistration,
    name: requiredSchema,
    code: cpfSchema,
    phone: phoneSchema,
    password: passwordSchema,
    confirm: z.string(),
  })
  .superRefine(
    ({ password, confirm }, ctx) => {
      if (password !== confirm) ctx.addIssue({ code: "custom", path: ["confirm"], message: linksMessages.mismatch });
    },
    // Also when other fields failed, so every message shows at once; never over a short password.
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "password") },
  );

type FormResolver = Resolver<ClientRegisterValues, ClientRegisterContext>;
// The schemas' inputs are the contract's (optional phone, no confirmation for an existing login); the
// form's values are a superset of both, and the raw values go back unchanged.
const existingResolver = zodResolver(existingUser, undefined, { raw: true }) as unknown as FormResolver;
const newResolver = zodResolver(newUser, undefined, { raw: true }) as unknown as FormResolver;

export const clientRegisterResolver: FormResolver = (values, context, options) =>
  (context?.userExists ? existingResolver : newResolver)(values, context, options);
