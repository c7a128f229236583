"use client";

import { Star as StarIcon } from "lucide-react";
import { useState } from "react";
import type { Operator } from "@/lib/api/operators";
import { maskPhone } from "@/lib/format/masks";
import { operatorsUiMessages } from "@/lib/i18n/sections/operatorsUi";
import { privacyMessages } from "@/lib/i18n/sections/privacy";
import { adminStar, canManageOperator, canToggleSharedGallery, type StarState } from "@/lib/permissions/operators";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Collapse } from "@/components/ui/collapse";
import { Switch } from "@/components/ui/switch";
import type { Viewer } from "./operator-rules";

const t = operatorsUiMessages;
export type ItemAction = "admin" | "block" | "shared" | "remove" | "erase";

type OperatorItemProps = {
  item: Operator;
  viewer: Viewer;
  clientSide: boolean;
  busy: boolean;
  onAction: (action: ItemAction, item: Operator) => void;
};

function Star({ state, onClick, disabled }: { state: StarState; onClick: () => void; disabled: boolean }) {
  if (!state) return null;
  const label = state === "demote" ? t.demote : state === "admin" ? t.admin : t.promote;
  const icon = (
    <StarIcon
      aria-hidden="true"
      className="size-2.5"
      fill={state === "promote" ? "none" : "currentColor"}
      strokeWidth={1.6}
    />
  );
  const tone = state === "promote" ? "text-muted" : "text-status-pendency";
  if (state === "admin")
    return (
      <span role="img" aria-label={label} title={label} className={cn("grid size-4 place-items-center", tone)}>
        {icon}
      </span>
    );
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn("grid size-4 cursor-pointer place-items-center rounded-theme hover:bg-surface-2", tone)}
    >
      {icon}
    </button>
  );
}

/** One operator: a row that expands to contact and the actions the viewer may take (spec §2, §6). */
export function OperatorItem({ item, viewer, clientSide, busy, onAction }: OperatorItemProps) {
  const [open, setOpen] = useState(false);
  const self = item.id === viewer.operatorId;
  const manage = canManageOperator(viewer, item);
  // The office owner erases the personal data of an operator who left (blocked): docs/decisions/0311.
  const erasable = !clientSide && !self && viewer.type === 0 && item.blocked;
  return (
    <li data-testid="operator-item" className="rounded-theme border border-border">
      <div className="flex items-center gap-1 pr-1">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className={
            "flex min-w-0 flex-1 cursor-pointer items-center gap-1.5 rounded-theme p-1 text-left" +
            " hover:bg-surface-2"
          }
        >
          <Avatar name={item.name} pictureUrl={item.pictureUrl} className="size-4" />
          {/* Only the name truncates: '(Você)' and 'Bloqueado' stay whole at 390px. Blocked is said in
              words, not only by the strike-through (and no opacity, which failed contrast). */}
          <span className="flex min-w-0 flex-1 items-center gap-0.5">
            <span className={cn("min-w-0 truncate font-medium", item.blocked && "text-muted line-through")}>
              {item.name}
            </span>
            {self ? <span className="shrink-0 text-sm text-muted">({t.you})</span> : null}
            {item.blocked ? (
              <span
                className={
                  "ml-0.5 shrink-0 rounded-full bg-danger-soft px-1 py-px text-xs font-semibold" + " text-danger"
                }
              >
                {t.blocked}
              </span>
            ) : null}
          </span>
        </button>
        <Star state={adminStar(viewer, item)} disabled={busy} onClick={() => onAction("admin", item)} />
      </div>
      <Collapse open={open}>
        <div className="flex flex-col gap-1 px-1.5 pt-0.5 pb-1.5 text-sm">
          <p className="truncate text-muted">{item.email}</p>
          {item.phone ? <p className="text-muted">{maskPhone(item.phone)}</p> : null}
          {clientSide ? (
            <Switch
              label={t.sharedGallery}
              checked={item.sharedTo}
              disabled={busy || !canToggleSharedGallery(viewer, item)}
              onCheckedChange={() => onAction("shared", item)}
            />
          ) : null}
          {manage ? (
            <div className="flex justify-end gap-1">
              <Button variant="secondary" disabled={busy} onClick={() => onAction("block", item)}>
                {item.blocked ? t.unblock : t.block}
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => onAction("remove", item)}
                className="text-danger!"
              >
                {t.remove}
              </Button>
            </div>
          ) : null}
          {erasable ? (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => onAction("erase", item)}
              className="self-end text-danger!"
            >
              {privacyMessages.eraseOperator}
            </Button>
          ) : null}
        </div>
      </Collapse>
    </li>
  );
}
