"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { BlockViewerProps } from "@/components/blocks/block-viewer";
import { referenceBlock } from "@/components/blocks/reference-block";
import { fiscalImportMessages } from "@/lib/i18n/sections/fiscalImport";
import { Button } from "@/components/ui/button";
import { Drawer } from "@/components/ui/drawer";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { ImportPanel } from "./import-panel";

const t = fiscalImportMessages;

const BlockViewer = lazyWhenOpen<BlockViewerProps>(
  () => import("@/components/blocks/block-viewer").then((module) => module.BlockViewer),
  (props) => props.block !== null,
  (props) => props.onClose(),
);

export type ImportDrawerProps = { clientId: number; clientName: string; open: boolean; onClose: () => void };

/**
 * The client detail's 'Importar XML' (offices receive their clients' XMLs by e-mail): the import into
 * this client; a result's block opens in the viewer, read-only, and 'Categorizar agora' goes on.
 */
export function ImportDrawer({ clientId, clientName, open, onClose }: ImportDrawerProps) {
  const router = useRouter();
  const [viewed, setViewed] = useState<BlockViewerProps["block"]>(null);
  return (
    <Drawer open={open} onOpenChange={(next) => next || onClose()} title={t.title}>
      <div className="flex flex-col gap-1.5">
        <p data-testid="drawer-client" className="truncate text-sm font-semibold">
          {clientName}
        </p>
        <p className="text-sm text-muted">{t.introOffice(clientName)}</p>
        <ImportPanel
          clientId={clientId}
          compact
          blockAction={(id, label) => (
            <Button variant="link" className="h-auto py-0 text-sm" onClick={() => setViewed(referenceBlock(id))}>
              {label}
            </Button>
          )}
          after={
            <Button variant="primary" onClick={() => router.push("/home/client/categorization")}>
              {t.categorize}
            </Button>
          }
        />
      </div>
      <BlockViewer clientId={clientId} block={viewed} onClose={() => setViewed(null)} readOnly="reference" />
    </Drawer>
  );
}
