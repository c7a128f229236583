import { useEffect } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { browserSession } from "@/lib/session";
import { api } from "./api";
import { whileOpen } from "./leaving";

/**
 * A polled screen's leaving (the categorization's block sync, the pendencies' presence, the
 * contabilization lease): POST `path` with `body` when the screen unmounts, after its poll (`pollKey`)
 * is cancelled and forgotten; with a keepalive fetch when the page itself goes away (pagehide); and
 * before a logout ends the session (lib/api/leaving.ts). Released once: the unmount that follows a
 * logout does not call again with a session that has ended.
 */
export function useLeaveScreen(path: string, body: object, pollKey: QueryKey): void {
  const queryClient = useQueryClient();
  // Compared by value: the callers build them on every render.
  const bodyJson = JSON.stringify(body);
  const keyJson = JSON.stringify(pollKey);
  useEffect(() => {
    const key = JSON.parse(keyJson) as QueryKey;
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.removeQueries({ queryKey: key });
      await api.request<unknown>(path, JSON.parse(bodyJson)).catch(() => undefined);
    };
    const pagehide = () => {
      const access = browserSession.getAccess();
      if (!access) return;
      void fetch(path, {
        method: "POST",
        keepalive: true,
        headers: { Authorization: `Bearer ${access}`, "Content-Type": "application/json" },
        body: bodyJson,
      }).catch(() => undefined); // best effort: what the screen holds runs out by itself (15 s)
    };
    window.addEventListener("pagehide", pagehide);
    const forget = whileOpen(release);
    return () => {
      window.removeEventListener("pagehide", pagehide);
      forget();
      void release();
    };
  }, [queryClient, path, bodyJson, keyJson]);
}
