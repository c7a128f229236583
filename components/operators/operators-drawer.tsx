"use client";

import { ChevronLeft, Plus } from "lucide-react";
import { useState } from "react";
import { useMe } from "@/lib/api/me";
import { useOperatorAction, useOperators, type Operator } from "@/lib/api/operators";
import type { ChosenPlatform } from "@/lib/platform";
import { commonMessages } from "@/lib/i18n/sections/common";
import { operatorsUiMessages } from "@/lib/i18n/sections/operatorsUi";
import { isManager } from "@/lib/permissions/operators";
import { useEraseOperator } from "@/lib/api/privacy";
import { privacyMessages } from "@/lib/i18n/sections/privacy";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { AppDrawer } from "@/components/shell/app-drawer";
import { AddOperatorView } from "./add-operator-view";
import { OperatorItem, type ItemAction } from "./operator-item";
import { sortOperators, type Viewer } from "./operator-rules";

const t = operatorsUiMessages;
type View = "list" | "add";
export type OperatorsDrawerProps = { platform: ChosenPlatform; open: boolean; onOpenChange: (open: boolean) => void };

const ICON = { "aria-hidden": true, className: "size-2.5", strokeWidth: 2.2 } as const;

function ViewHeader({ view, viewer, onView }: { view: View; viewer: Viewer; onView: (view: View) => void }) {
  const add = view === "list";
  if (add && !isManager(viewer)) return <h3 className="text-lg font-bold">{t.listView}</h3>;
  return (
    <div className="flex items-center justify-between gap-1">
      <h3 className="text-lg font-bold">{add ? t.listView : t.addView}</h3>
      <button
        type="button"
        aria-label={add ? t.addView : t.back}
        title={add ? t.addView : t.back}
        onClick={() => onView(add ? "add" : "list")}
        className={
          "grid size-4 cursor-pointer place-items-center rounded-theme bg-primary-soft text-primary" +
          " hover:bg-primary hover:text-primary-fg"
        }
      >
        {add ? <Plus {...ICON} /> : <ChevronLeft {...ICON} />}
      </button>
    </div>
  );
}

/** 'Buscar operador' (spec §2): the office's operators (accounting) or the company's (business). */
export function OperatorsDrawer({ platform, open, onOpenChange }: OperatorsDrawerProps) {
  const me = useMe();
  const membership = platform === "accounting" ? me.data?.accounting : me.data?.business;
  const operators = useOperators(platform, open);
  const action = useOperatorAction(platform);
  const [view, setView] = useState<View>("list");
  const [removing, setRemoving] = useState<Operator | null>(null);
  const [erasing, setErasing] = useState<Operator | null>(null);
  const erase = useEraseOperator();
  const viewer: Viewer | null = membership ? { operatorId: membership.operatorId, type: membership.type } : null;

  const onAction = (kind: ItemAction, item: Operator) =>
    kind === "remove"
      ? setRemoving(item)
      : kind === "erase"
        ? (erase.reset(), setErasing(item))
        : action.mutate({ action: kind, operatorId: item.id });
  const confirmErase = () =>
    erasing &&
    erase.mutate(erasing.id, {
      onSettled: () => setErasing(null),
    });
  const confirmRemove = () =>
    removing && action.mutate({ action: "remove", operatorId: removing.id }, { onSettled: () => setRemoving(null) });

  return (
    <AppDrawer open={open} onOpenChange={(next) => (onOpenChange(next), next || setView("list"))} title={t.title}>
      {viewer ? (
        <div className="flex flex-col gap-1.5">
          <ViewHeader
            view={view}
            viewer={viewer}
            onView={(next) => (setView(next), next === "list" && void operators.refetch())}
          />
          {view === "add" && isManager(viewer) ? (
            <AddOperatorView platform={platform} />
          ) : (
            <>
              {action.isError ? (
                <p role="alert" className="text-sm text-danger">
                  {action.error.message}
                </p>
              ) : null}
              {erase.isError ? (
                <p role="alert" className="text-sm text-danger">
                  {erase.error.message}
                </p>
              ) : null}
              {operators.isError ? (
                <p role="alert" className="text-sm text-danger">
                  {operators.error.message}
                </p>
              ) : !operators.data ? (
                <Spinner className="mx-auto my-2 text-primary" />
              ) : operators.data.length === 0 ? (
                <p className="text-sm text-muted">{commonMessages.emptyList}</p>
              ) : (
                <ul aria-label={t.listView} className="flex flex-col gap-1">
                  {sortOperators(operators.data).map((item) => (
                    <OperatorItem
                      key={item.id}
                      item={item}
                      viewer={viewer}
                      clientSide={platform === "bussiness"}
                      busy={action.isPending || erase.isPending}
                      onAction={onAction}
                    />
                  ))}
                </ul>
              )}
            </>
          )}
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(next) => next || setRemoving(null)}
            text={t.removeConfirm(removing?.name ?? "")}
            tone="danger"
            onConfirm={confirmRemove}
            loading={action.isPending}
          />
          <ConfirmDialog
            open={erasing !== null}
            onOpenChange={(next) => next || setErasing(null)}
            text={privacyMessages.eraseOperatorConfirm(erasing?.name ?? "")}
            tone="danger"
            onConfirm={confirmErase}
            loading={erase.isPending}
          />
        </div>
      ) : (
        <Spinner className="mx-auto my-4 size-4 text-primary" />
      )}
    </AppDrawer>
  );
}
