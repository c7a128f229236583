"use client";

import { Ban, CircleCheck, Pencil, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { useUpdateAccount } from "@/lib/api/chart";
import { ApiError } from "@/lib/api/client";
import type { ChartAccount } from "@/lib/contract/accounts";
import { chartMessages } from "@/lib/i18n/sections/chart";
import { cn } from "@/components/ui/cn";
import { DescriptionFields } from "./description-fields";
import { FormFooter } from "./form-footer";

const t = chartMessages;

/** How deep a code sits (1 = 0, 1.1 = 1, 1.1.01 = 2...): the description is indented by it. */
const depth = (code: string) => Math.min(code.split(".").length - 1, 5);

function IconButton({
  label,
  onClick,
  disabled,
  icon: Glyph,
  autoFocus,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  icon: LucideIcon;
  autoFocus?: boolean;
}) {
  return (
    <button
      type="button"
      autoFocus={autoFocus}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={
        "grid size-4 shrink-0 cursor-pointer place-items-center rounded-theme text-muted" +
        " hover:bg-surface-2 hover:text-fg disabled:cursor-wait"
      }
    >
      <Glyph aria-hidden="true" className="size-2.25" />
    </button>
  );
}

function EditRow({ account, onDone }: { account: ChartAccount; onDone: () => void }) {
  const update = useUpdateAccount();
  const [description, setDescription] = useState(account.description);
  const [reducedCode, setReducedCode] = useState(account.reducedCode ?? "");
  const fields = update.error instanceof ApiError ? update.error.fields : [];
  const fieldError = (name: string) => fields.find((field) => field.path === name)?.message;
  const submit = () =>
    update.mutate(
      { accountId: account.id, description, reducedCode: reducedCode.trim() === "" ? null : reducedCode },
      { onSuccess: onDone },
    );
  return (
    <form
      aria-label={t.edit(account.code)}
      data-chart-edit
      noValidate
      onSubmit={(event) => (event.preventDefault(), submit())}
      onKeyDown={(event) => event.key === "Escape" && onDone()}
      className="flex flex-col gap-1 rounded-theme border border-primary/50 bg-surface-2 p-1.25"
    >
      <p className="text-sm font-semibold tabular-nums">{account.code}</p>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-[2fr_1fr]">
        <DescriptionFields
          autoFocus
          description={description}
          onDescription={setDescription}
          reducedCode={reducedCode}
          onReducedCode={setReducedCode}
          fieldError={fieldError}
        />
      </div>
      <FormFooter
        error={update.error && !fields.length ? update.error.message : null}
        onCancel={onDone}
        submitLabel={t.save}
        pending={update.isPending}
      />
    </form>
  );
}

function AccountRow({ account, onEdit, focusEdit }: { account: ChartAccount; onEdit: () => void; focusEdit: boolean }) {
  const update = useUpdateAccount();
  const synthetic = account.type === "synthetic";
  return (
    <div
      className={cn(
        "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-1 rounded-theme px-1.25 py-0.5" +
          " text-sm sm:grid-cols-[150px_110px_minmax(0,1fr)_auto]",
        synthetic ? "bg-surface-2 font-bold" : "hover:bg-surface-2/60",
        !account.active && "text-muted",
      )}
    >
      <span className="flex min-w-0 items-baseline gap-1 tabular-nums sm:contents">
        <span className="truncate">{account.code}</span>
        <span className="truncate text-xs font-normal text-muted sm:text-sm">
          {account.reducedCode ? (
            <>
              <span className="sm:sr-only">{t.reducedShort}: </span>
              {account.reducedCode}
            </>
          ) : null}
        </span>
      </span>
      <span
        className="col-start-1 flex min-w-0 items-center gap-1 sm:col-start-auto"
        style={{ paddingLeft: `${depth(account.code) * 12}px` }}
      >
        <span className="min-w-0 break-words">{account.description}</span>
        {synthetic ? <span className="sr-only">({t.synthetic})</span> : null}
        {!account.active ? (
          <span className="shrink-0 rounded-full border border-border-strong px-0.75 text-xs font-semibold text-muted">
            {t.inactive}
          </span>
        ) : null}
      </span>
      <span
        className={
          "col-start-2 row-span-2 row-start-1 flex items-center sm:col-start-auto sm:row-span-1" + " sm:row-start-auto"
        }
      >
        <IconButton label={t.edit(account.code)} onClick={onEdit} icon={Pencil} autoFocus={focusEdit} />
        <IconButton
          label={account.active ? t.deactivate(account.code) : t.reactivate(account.code)}
          disabled={update.isPending}
          onClick={() => update.mutate({ accountId: account.id, active: !account.active })}
          icon={account.active ? Ban : CircleCheck}
        />
      </span>
      {update.error ? (
        <p role="alert" className="col-span-full text-xs font-normal text-danger">
          {update.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** The year's accounts by code: groups (synthetic) bold, inactive ones marked 'Inativa'. */
export function ChartList({ accounts, total }: { accounts: readonly ChartAccount[]; total: number }) {
  const [editing, setEditing] = useState<number | null>(null);
  // After an edit (saved or cancelled) the focus goes back to that row's 'Editar'.
  const [edited, setEdited] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-0.5">
      <div className="flex items-center justify-between gap-1">
        <p role="status" className="text-xs text-muted">
          {t.count(accounts.length, total)}
        </p>
      </div>
      <div
        aria-hidden="true"
        className={
          "hidden grid-cols-[150px_110px_minmax(0,1fr)_auto] gap-x-1 border-b border-border px-1.25" +
          " pb-0.5 text-xs font-semibold text-muted sm:grid"
        }
      >
        <span>{t.code}</span>
        <span>{t.reducedShort}</span>
        <span>{t.description}</span>
        <span className="w-8" />
      </div>
      {accounts.length === 0 ? <p className="py-1 text-sm text-muted">{t.noMatch}</p> : null}
      <ul aria-label={t.title} className="flex flex-col gap-0.25">
        {accounts.map((account) => (
          <li key={account.id} data-testid="chart-account">
            {editing === account.id ? (
              <EditRow account={account} onDone={() => (setEditing(null), setEdited(account.id))} />
            ) : (
              <AccountRow account={account} onEdit={() => setEditing(account.id)} focusEdit={edited === account.id} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
