import {
  Camera,
  Check,
  ChevronRight,
  FileText,
  FolderOpen,
  Plus,
  Trash2,
  TriangleAlert,
  X,
  type LucideIcon,
} from "lucide-react";
import { cn } from "@/components/ui/cn";

const icons = {
  plus: Plus,
  camera: Camera,
  files: FolderOpen,
  trash: Trash2,
  check: Check,
  close: X,
  next: ChevronRight,
  pdf: FileText,
  warning: TriangleAlert,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Glyph = icons[name];
  return <Glyph aria-hidden="true" className={cn("size-2.5 shrink-0", className)} strokeWidth={1.9} />;
}
