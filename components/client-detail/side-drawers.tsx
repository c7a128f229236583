"use client";

import type { JSX } from "react";
import { ImportDrawer } from "@/components/fiscal-import/import-drawer";
import { AccountsDrawer } from "./accounts-drawer";
import { ExportDrawer } from "./export-drawer";
import { HistoryDrawer } from "./history-drawer";
import { ShareDrawer } from "./share-drawer";
import type { SideDrawerChoice } from "./side-bar";
import { TransferDrawer } from "./transfer-drawer";

export type SideDrawersProps = { clientId: number; clientName: string; choice: SideDrawerChoice; onClose: () => void };

/**
 * The side bar's drawers by choice (spec §4 "Side drawer choice"): 'accountingPlan', 'shared',
 * 'transfer', 'importXml', 'export', 'history' or none; closing any of them calls onClose, which resets
 * the choice to 'none'.
 */
export function SideDrawers({ clientId, clientName, choice, onClose }: SideDrawersProps): JSX.Element {
  return (
    <>
      <AccountsDrawer
        clientId={clientId}
        clientName={clientName}
        open={choice === "accountingPlan"}
        onClose={onClose}
      />
      <ShareDrawer clientId={clientId} clientName={clientName} open={choice === "shared"} onClose={onClose} />
      <TransferDrawer clientId={clientId} clientName={clientName} open={choice === "transfer"} onClose={onClose} />
      <ImportDrawer clientId={clientId} clientName={clientName} open={choice === "importXml"} onClose={onClose} />
      <ExportDrawer clientId={clientId} clientName={clientName} open={choice === "export"} onClose={onClose} />
      <HistoryDrawer clientId={clientId} clientName={clientName} open={choice === "history"} onClose={onClose} />
    </>
  );
}
