import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientCard } from "@/lib/contract/clients";
import type { InviteAnswer } from "@/lib/contract/invites";
import type { ClientAnswer, ContactAnswer } from "@/lib/contract/offices";
import { POLL_INTERVAL_MS } from "@/lib/constants";
import { api } from "./api";
import { inviteKeys } from "./invites";

// Spec §7 "Client" on the accounting platform: the client list (polled), one client's detail (the
// read-only client dialog), the contacts of an open client ('Contato') and the client-company invites
// of the drawer 'Adicionar Cliente'.

export type { ClientCard };
export type ClientInvite = InviteAnswer;

export const clientKeys = {
  all: ["clients"] as const,
  list: ["clients", "list"] as const,
  detail: (clientId: number) => ["clients", "detail", clientId] as const,
  contact: (clientId: number) => ["clients", "contact", clientId] as const,
  /** Under inviteKeys.all, so any invite mutation refreshes this list too. */
  invites: [...inviteKeys.all, "client"] as const,
};

/** GET /api/clients, polled every POLL_INTERVAL_MS while the tab is visible (busy and the icons move). */
export function useClients() {
  return useQuery({
    queryKey: clientKeys.list,
    queryFn: ({ signal }) => api.request<ClientCard[]>("/api/clients", undefined, { signal }),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}

/** POST /api/client {clientId}: the client's data for the read-only client dialog. */
export function useClientDetail(clientId: number, enabled = true) {
  return useQuery({
    queryKey: clientKeys.detail(clientId),
    queryFn: ({ signal }) => api.request<ClientAnswer>("/api/client", { clientId }, { signal }),
    enabled,
  });
}

/** POST /api/accounting/contact {clientId}: the client's responsible operator and its office. */
export function useClientContact(clientId: number | null, enabled = true) {
  return useQuery({
    queryKey: clientKeys.contact(clientId ?? 0),
    queryFn: ({ signal }) => api.request<ContactAnswer>("/api/accounting/contact", { clientId }, { signal }),
    enabled: enabled && clientId !== null,
  });
}

/** Pending client-company invites of the office (POST /api/invited/list {kind: 'client'}). */
export function useClientInvites(enabled = true) {
  return useQuery({
    queryKey: clientKeys.invites,
    queryFn: ({ signal }) => api.request<ClientInvite[]>("/api/invited/list", { kind: "client" }, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useAddClientInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.request<ClientInvite>("/api/invited/add", { email, kind: "client" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.invites }),
  });
}

export function useRemoveClientInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) => api.request<unknown>("/api/invited/remove", { inviteId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
