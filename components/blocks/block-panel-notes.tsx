import type { BlockDocumentsAnswer } from "@/lib/api/blocks";
import { issueLabel } from "@/lib/constants";
import { viewerMessages } from "@/lib/i18n/sections/viewer";
import { Avatar } from "@/components/ui/avatar";
import { badges } from "./block-form-rules";

const t = viewerMessages;

type Pendency = NonNullable<BlockDocumentsAnswer["pendency"]>;

// What the viewer's side panel says about the block above its form: who categorised and posted it, and
// the open pendency's problem and observation.

/** The pendency being solved: its problem and observation ('Nenhuma observação' when empty). */
export function PendencyNote({ pendency }: { pendency: Pendency }) {
  return (
    <section
      aria-labelledby="viewer-pendency"
      className="flex flex-col gap-1 rounded-theme border border-status-pendency/50 bg-status-pendency/10 p-1.5"
    >
      <h3 id="viewer-pendency" className="text-sm font-bold">
        {t.pendency}
      </h3>
      <dl className="flex flex-col gap-0.5 text-sm">
        <dt className="text-xs font-semibold text-muted">{t.problem}</dt>
        <dd>{issueLabel(pendency.issue)}</dd>
        <dt className="mt-0.5 text-xs font-semibold text-muted">{t.observation}</dt>
        <dd className="break-words whitespace-pre-line">{pendency.observations.trim() || t.noObservation}</dd>
      </dl>
    </section>
  );
}

/** 'Categorizado por', 'Contabilizado por' (or both in one) with the operator's photo. */
export function Badges({ docs }: { docs: BlockDocumentsAnswer }) {
  const list = badges(docs);
  if (list.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5">
      {list.map((badge) => {
        const photo = badge.kind === "contabilized" ? docs.contabilizedPhotoUrl : docs.categorizedPhotoUrl;
        const text =
          badge.kind === "both"
            ? t.categorizedAndContabilized(badge.name)
            : badge.kind === "categorized"
              ? t.categorizedBy(badge.name)
              : t.contabilizedBy(badge.name);
        return (
          <li
            key={badge.kind}
            className={
              "flex items-center gap-1 rounded-full py-0.5 pr-1.5 pl-0.5 text-sm font-medium " +
              (badge.kind === "categorized" ? "bg-primary-soft text-fg" : "bg-status-contabilized/15 text-fg")
            }
          >
            <Avatar name={badge.name} pictureUrl={photo} className="size-3 text-[10px]" />
            <span>{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
