import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  addressSchema,
  ClientAnswer,
  clientTypeSchema,
  ContactAnswer,
  LogoAnswer,
  OfficeAnswer,
  OfficeData,
} from "@/lib/contract/offices";
import type { z } from "@/lib/contract/zod";
import { api } from "./api";
import { authKeys } from "./auth";

// Spec §7 "Accounting" and "Client" (issue-3 contract): the office of an accounting operator, the
// company of a business operator, their logos, and the contacts a client sees.

export type Address = z.output<typeof addressSchema>;
export type Office = OfficeAnswer;
export type ClientType = z.infer<typeof clientTypeSchema>;
export type ClientDetail = ClientAnswer;
/** The form's validated values; the office and the company take the same shape. */
export type OrganizationBody = OfficeData;
export type Contact = ContactAnswer;
export type ContactPerson = ContactAnswer["operator"];

export const officeKeys = {
  office: ["offices", "accounting"] as const,
  client: ["offices", "client"] as const,
  contact: ["offices", "contact"] as const,
};

export function useOffice(enabled = true) {
  return useQuery({
    queryKey: officeKeys.office,
    queryFn: ({ signal }) => api.request<Office>("/api/accounting/info", undefined, { signal }),
    enabled,
  });
}

export function useOwnClient(enabled = true) {
  return useQuery({
    queryKey: officeKeys.client,
    queryFn: ({ signal }) => api.request<ClientDetail>("/api/client", undefined, { signal }),
    enabled,
  });
}

export function useContact(enabled = true) {
  return useQuery({
    queryKey: officeKeys.contact,
    queryFn: ({ signal }) => api.request<Contact>("/api/accounting/contact", undefined, { signal }),
    enabled,
  });
}

/** The office (accounting) or the own company (business): data and logo, one pair of mutations each. */
export function useSaveOrganization(kind: "accounting" | "client") {
  const queryClient = useQueryClient();
  const key = kind === "accounting" ? officeKeys.office : officeKeys.client;
  return useMutation({
    mutationFn: (body: OrganizationBody): Promise<Office | ClientDetail> =>
      kind === "accounting"
        ? api.request<Office>("/api/accounting/info", { accounting: body })
        : api.request<ClientDetail>("/api/client", { client: body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: authKeys.me }), // the office/company name shows there
      ]),
  });
}

export function useOrganizationLogo(kind: "accounting" | "client") {
  const queryClient = useQueryClient();
  const key = kind === "accounting" ? officeKeys.office : officeKeys.client;
  return useMutation({
    mutationFn: (base64url: string) =>
      api.request<LogoAnswer>(kind === "accounting" ? "/api/accounting/logo" : "/api/client/logo", {
        base64url,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
