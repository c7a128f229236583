import { cn } from "./cn";

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");

export type AvatarProps = { name: string; pictureUrl: string | null | undefined; className?: string };

/** A person's photo (or an organisation's logo), or the initials of the name on the brand colour. */
export function Avatar({ name, pictureUrl, className }: AvatarProps) {
  if (pictureUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs: next/image would cache them
    return <img src={pictureUrl} alt="" className={cn("size-5 shrink-0 rounded-full object-cover", className)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-5 shrink-0 place-items-center rounded-full bg-primary-soft font-bold text-primary",
        // a caller's own text size wins (cn does not merge classes)
        /\btext-(xs|sm|base|lg|\d?xl)\b/.test(className ?? "") ? null : "text-xs",
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
