"use client";

import { useCallback, useState } from "react";
import { useSendBlock } from "@/lib/api/block-sender";
import { useSendQueue } from "@/lib/api/send-queue";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { businessQueueMessages } from "@/lib/i18n/sections/businessQueue";
import { isNetworkFailure } from "@/lib/send-queue/rules";
import type { DrainResult } from "@/lib/send-queue/sender";
import { BusinessFrame } from "@/components/business/business-frame";
import { BlockComposer } from "./block-composer";
import { QueuedBlocks } from "./queued-blocks";
import { createBody, EMPTY_SELECTION, queueThumbs, type Selection } from "./selection";
import type { SelectionUpdate } from "./use-image-intake";

const t = businessPanelMessages;
const q = businessQueueMessages;

/** /createblock 'Criar bloco' (spec §2). */
export function CreateBlockPage() {
  return (
    <BusinessFrame title={t.createTitle}>
      <CreateBlockPanel />
    </BusinessFrame>
  );
}

/**
 * After a send the selection is cleared (spec §4) and the gallery refetched. Without a connection
 * (navigator.onLine false, or the send failed for lack of network) the block is kept on the device
 * ('Aguardando conexão', docs/decisions/0325-offline-send-queue.md) and the selection cleared; the page
 * sends the queue on load and when the connection returns. Any other failure keeps the selection for
 * 'Tentar novamente'.
 */
function CreateBlockPanel() {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [notice, setNotice] = useState<string | null>(null);
  const [storeFailed, setStoreFailed] = useState(false);
  const sender = useSendBlock();
  // after a drain: how many kept blocks went (a refused one speaks in its own place)
  const queue = useSendQueue(
    useCallback((result: DrainResult) => setNotice(result.sent > 0 ? q.sentFromQueue(result.sent) : null), []),
  );
  const update: SelectionUpdate = useCallback((change) => {
    setSelection(change);
    setNotice(null);
    setStoreFailed(false);
  }, []);

  /** Keeps the block on the device; false when the device would not store it (the selection stays). */
  const keep = async (sent: Selection): Promise<boolean> => {
    const kept = await queue.enqueue(createBody(sent), queueThumbs(sent));
    setStoreFailed(!kept);
    if (!kept) return false;
    setSelection((current) => (current === sent ? EMPTY_SELECTION : current));
    setNotice(q.queued);
    return true;
  };

  const onSend = async () => {
    setNotice(null);
    setStoreFailed(false);
    const sent = selection;
    if (!navigator.onLine && (await keep(sent))) return;
    sender.mutate(createBody(sent), {
      onSuccess: () => {
        setSelection(EMPTY_SELECTION);
        setNotice(t.sent);
      },
      onError: (error) => {
        if (!isNetworkFailure(error)) return;
        void keep(sent).then((kept) => {
          if (kept) sender.reset();
        });
      },
    });
  };

  return (
    <>
      <QueuedBlocks
        items={queue.items}
        sending={queue.sending}
        onRetry={(item) => void queue.retry(item)}
        onDiscard={queue.discard}
      />
      <BlockComposer
        selection={selection}
        update={update}
        send={{
          label: t.send,
          onSend: () => void onSend(),
          busy: sender.isPending,
          upload: sender.upload,
          error: storeFailed ? q.storeFailed : (sender.error?.message ?? null),
          notice,
          offline: sender.isPaused,
        }}
      />
    </>
  );
}
