"use client";

import { useCallback, useState } from "react";
import { useSendBlock } from "@/lib/api/block-sender";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { BusinessFrame } from "@/components/business/business-frame";
import { BlockComposer } from "./block-composer";
import { createBody, EMPTY_SELECTION, type Selection } from "./selection";
import type { SelectionUpdate } from "./use-image-intake";

const t = businessPanelMessages;

/** /createblock 'Criar bloco' (spec §2). */
export function CreateBlockPage() {
  return (
    <BusinessFrame title={t.createTitle}>
      <CreateBlockPanel />
    </BusinessFrame>
  );
}

/**
 * After a send the selection is cleared (spec §4) and the gallery refetched; a failure keeps it for 'Tentar
 * novamente'.
 */
function CreateBlockPanel() {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [notice, setNotice] = useState<string | null>(null);
  const sender = useSendBlock();
  const update: SelectionUpdate = useCallback((change) => {
    setSelection(change);
    setNotice(null);
  }, []);

  const onSend = () => {
    setNotice(null);
    sender.mutate(createBody(selection), {
      onSuccess: () => {
        setSelection(EMPTY_SELECTION);
        setNotice(t.sent);
      },
    });
  };

  return (
    <BlockComposer
      selection={selection}
      update={update}
      send={{
        label: t.send,
        onSend,
        busy: sender.isPending,
        upload: sender.upload,
        error: sender.error?.message ?? null,
        notice,
        offline: sender.isPaused,
      }}
    />
  );
}
