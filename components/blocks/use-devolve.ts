"use client";

import { useState } from "react";
import { useDevolveBlock } from "@/lib/api/blocks";
import { useOnceInFlight } from "@/lib/api/use-once-in-flight";

/**
 * 'Devolver' on one block: the confirmation dialog's open state and its confirm handler (one call in
 * flight at a time). The dialog closes either way; a refusal's message goes to `onError`.
 */
export function useDevolve(
  clientId: number,
  blockId: number,
  onDevolved: () => void,
  onError: (message: string) => void,
) {
  const devolve = useDevolveBlock(clientId);
  const once = useOnceInFlight();
  const [confirming, setConfirming] = useState(false);
  const onDevolve = (reason: string) =>
    once((done) =>
      devolve.mutate(
        { blockId, reason },
        {
          onSettled: done,
          onSuccess: () => {
            setConfirming(false);
            onDevolved();
          },
          onError: (cause) => {
            setConfirming(false);
            onError(cause.message);
          },
        },
      ),
    );
  return { confirming, setConfirming, onDevolve, loading: devolve.isPending };
}
