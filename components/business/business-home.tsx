"use client";

import { useMemo, useState } from "react";
import { useBusinessAccounts, useBusinessBlocks } from "@/lib/api/business";
import { useMe } from "@/lib/api/me";
import { useOwnClient } from "@/lib/api/offices";
import type { ClientAccount } from "@/lib/contract/accounts";
import type { Block } from "@/lib/contract/blocks";
import { currentYearMonth } from "@/lib/format/dates";
import { businessNavMessages } from "@/lib/i18n/sections/businessNav";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import { PeriodBlocks } from "@/components/client-detail/period-blocks";
import { periodBlocks, yearAccounts } from "@/components/client-detail/month-view";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { ClientInfoDialogViewProps } from "@/components/clients/client-info-dialog";
import type { BlockPreviewDialogProps } from "./block-preview-dialog";
import { BusinessFrame } from "./business-frame";
import { TOUCH_TARGETS } from "./touch";

// The two dialogs (Radix) are fetched when first opened, not with the home page.
const ClientInfoDialogView = lazyWhenOpen<ClientInfoDialogViewProps>(
  () => import("@/components/clients/client-info-dialog").then((module) => module.ClientInfoDialogView),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);
const BlockPreviewDialog = lazyWhenOpen<BlockPreviewDialogProps>(
  () => import("./block-preview-dialog").then((module) => module.BlockPreviewDialog),
  (props) => props.block !== null,
  (props) => props.onClose(),
);

const t = clientDetailMessages;

/**
 * /home on the business platform (spec §2 "Client home"): the company's name and logo
 * (opening the read-only client dialog), and its blocks of a month by account or flat — the accounting
 * client detail's own panel (PeriodBlocks) fed by the business variants of /api/block/list and
 * /api/account/client. A block opens read-only (BlockPreviewDialog).
 */
export function BusinessHome() {
  const now = useMemo(() => currentYearMonth(), []);
  const [year, setYear] = useState(now.year);
  const [month, setMonth] = useState(now.month);
  const [infoOpen, setInfoOpen] = useState(false);
  const [openBlock, setOpenBlock] = useState<Block | null>(null);

  const me = useMe();
  const company = useOwnClient();
  const accounts = useBusinessAccounts(year, month);
  const blocks = useBusinessBlocks(year, month);

  const name = company.data?.person.name ?? me.data?.business?.clientName ?? "";
  const pictureUrl = company.data?.person.pictureUrl ?? null;

  const accountLabels = useMemo(() => {
    const data = accounts.data;
    const list: ClientAccount[] = !data ? [] : "list" in data ? data.list : yearAccounts(data.byMonth, year);
    return new Map(list.map((account) => [account.id, `${account.code} - ${account.description}`]));
  }, [accounts.data, year]);
  // The open block follows the list (a categorisation by the office brings its new fields).
  const byAccount = useMemo(() => periodBlocks(blocks.data?.blocks, year, month), [blocks.data, year, month]);
  const shown = openBlock
    ? ([...byAccount.values()].flat().find((block) => block.id === openBlock.id) ?? openBlock)
    : null;

  const title = (
    <button
      type="button"
      onClick={() => setInfoOpen(true)}
      title={t.openInfo(name)}
      aria-haspopup="dialog"
      data-testid="business-company"
      className={
        "-ml-0.5 flex max-w-full min-h-5.5 cursor-pointer items-center gap-1 " +
        "rounded-theme pr-1 pl-0.5 text-left hover:bg-surface-2 focus-visible:outline-2 " +
        "focus-visible:outline-primary"
      }
    >
      <Avatar name={name} pictureUrl={pictureUrl} className="size-5" />
      <span className="line-clamp-2 text-xl font-bold break-words sm:text-2xl">{name}</span>
    </button>
  );

  return (
    <BusinessFrame title={title} pendencyCount={blocks.data?.pendencyNumber}>
      <section
        aria-label={businessNavMessages.home}
        className={cn("flex min-w-0 flex-col gap-1.5 rounded-theme border border-border bg-surface p-2", TOUCH_TARGETS)}
      >
        <PeriodBlocks
          year={year}
          month={month}
          onYearChange={setYear}
          onMonthChange={setMonth}
          accounts={accounts}
          blocks={blocks}
          onOpen={setOpenBlock}
        />
      </section>
      <ClientInfoDialogView detail={company} open={infoOpen} onOpenChange={setInfoOpen} />
      <BlockPreviewDialog
        block={shown}
        accountLabel={shown?.accountId ? (accountLabels.get(shown.accountId) ?? null) : null}
        onClose={() => setOpenBlock(null)}
      />
    </BusinessFrame>
  );
}
