import type { ElementType, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** The preview's heading: an h2 in the side panel, the dialog's title (titleAs) on a phone. */
export function Heading({
  title,
  subtitle,
  titleAs: TitleTag = "h2",
  grow = false,
}: {
  title: string;
  subtitle?: ReactNode;
  titleAs?: ElementType;
  grow?: boolean;
}) {
  return (
    <div className={cn("flex min-w-0 flex-col", grow && "flex-1")}>
      <TitleTag className="text-lg leading-tight font-bold">{title}</TitleTag>
      {subtitle ? <p className="truncate text-sm text-muted">{subtitle}</p> : null}
    </div>
  );
}
