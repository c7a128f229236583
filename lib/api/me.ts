import { useQuery } from "@tanstack/react-query";
import { authKeys, fetchMe } from "./auth";

/** The caller's profile (GET /api/me/), cached under authKeys.me. */
export function useMe() {
  return useQuery({ queryKey: authKeys.me, queryFn: ({ signal }) => fetchMe(signal) });
}
