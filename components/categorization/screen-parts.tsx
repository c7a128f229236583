import type { BlockSyncAnswer } from "@/lib/contract/categorization";
import { CATEGORIZATION_AVATARS_MAX } from "@/lib/constants";
import { categorizationScreenMessages } from "@/lib/i18n/sections/categorizationScreen";
import { Avatar } from "@/components/ui/avatar";

const t = categorizationScreenMessages;

/** Up to 7 avatars of the operators on this client's categorization screen, the caller first ('Você'). */
export function Operators({ operators }: { operators: BlockSyncAnswer["operators"] }) {
  if (operators.length === 0) return null;
  const shown = operators.slice(0, CATEGORIZATION_AVATARS_MAX);
  const more = operators.length - shown.length;
  return (
    <ul aria-label={t.onScreen} className="flex items-center -space-x-1">
      {shown.map((operator, index) => {
        const label = index === 0 ? t.you : operator.name;
        return (
          <li
            key={`${operator.name}-${index}`}
            title={label}
            data-testid="screen-operator"
            className="rounded-full ring-2 ring-surface"
          >
            <Avatar name={operator.name} pictureUrl={operator.pictureUrl} className="size-4 text-[11px]" />
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
      {more > 0 ? (
        <li
          className="grid size-4 place-items-center rounded-full bg-surface-2 text-[11px] font-bold ring-2 ring-surface"
          title={t.more(more)}
        >
          +{more}
        </li>
      ) : null}
    </ul>
  );
}

/** The queue still counts blocks, all claimed by colleagues: who holds them (the claims lapse when they leave). */
export function HeldByOthers({ operators }: { operators: BlockSyncAnswer["operators"] }) {
  return (
    <div data-testid="held-by-others" className="flex flex-col items-center gap-1">
      <p className="text-base font-semibold text-fg">{t.heldByOthers}</p>
      <ul aria-label={t.holders} className="flex flex-wrap items-center justify-center gap-1">
        {operators.map((operator, index) => (
          <li
            key={`${operator.name}-${index}`}
            title={operator.name}
            data-testid="holder"
            className="flex items-center gap-0.5 rounded-full bg-surface-2 py-0.25 pr-1 pl-0.25"
          >
            <Avatar name={operator.name} pictureUrl={operator.pictureUrl} className="size-4 text-[11px]" />
            <span className="max-w-[160px] truncate text-sm">{operator.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Shortcuts() {
  return (
    <section aria-label={t.shortcuts} className="mt-1 hidden border-t border-border pt-1.5 md:block">
      <h2 className="mb-0.5 text-xs font-semibold text-muted">{t.shortcuts}</h2>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-1.5 gap-y-0.5 text-xs text-muted">
        {t.keys.map((item) => (
          <div key={item.label} className="contents">
            <dt className="flex gap-0.25">
              {item.keys.map((key) => (
                <kbd
                  key={key}
                  className={
                    "rounded border border-border bg-surface-2 px-0.5 font-sans text-[11px] " + "font-semibold text-fg"
                  }
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd>{item.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
