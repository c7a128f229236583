import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import { cn } from "./cn";

export type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange"> & {
  /** The placeholder is the field's name too ('Buscar conta', 'Buscar valor'): the spec's boxes have no label. */
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A search box with its magnifier: filters as one types (spec §5 search filter). */
export function SearchField({ placeholder, value, onValueChange, className, ...input }: SearchFieldProps) {
  return (
    <div className={cn("relative flex min-w-0 items-center", className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute left-1.5 size-2.5 text-muted" />
      <input
        type="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={
          "h-5 w-full min-w-0 rounded-theme border border-border bg-surface pr-1.5 pl-4.5 text-sm" +
          " text-fg placeholder:text-muted focus:border-primary focus:outline-2" +
          " focus:outline-primary/30"
        }
        {...input}
      />
    </div>
  );
}
