import { cn } from "@/components/ui/cn";

const paths = {
  plus: "M12 5v14M5 12h14",
  camera: "M4 8.5h3l1.6-2.5h6.8L17 8.5h3v10.5H4zM12 16.5a3.2 3.2 0 100-6.4 3.2 3.2 0 000 6.4z",
  files: "M4 6.5h6l2 2h8V19H4zM4 6.5V5h6",
  trash: "M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12M10.5 10.5v5.5M13.5 10.5v5.5",
  check: "M5 12.5l4.5 4.5L19 7.5",
  close: "M6 6l12 12M18 6L6 18",
  next: "M9 6l6 6-6 6",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={cn("size-2.5 shrink-0", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
    >
      <path d={paths[name]} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
