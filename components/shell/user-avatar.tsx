import { cn } from "@/components/ui/cn";

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");

/** The operator's photo, or the initials of the name on the brand colour. */
export function UserAvatar({ name, pictureUrl, className }: { name: string; pictureUrl: string | null; className?: string }) {
  if (pictureUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs: next/image would cache them
    return <img src={pictureUrl} alt="" className={cn("size-5 shrink-0 rounded-full object-cover", className)} />;
  }
  return (
    <span aria-hidden="true" className={cn("grid size-5 shrink-0 place-items-center rounded-full bg-primary-soft text-xs font-bold text-primary", className)}>
      {initialsOf(name)}
    </span>
  );
}
