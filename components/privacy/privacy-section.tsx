"use client";

import { useId, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

/** What a section reads: TanStack Query's result, as far as the section looks at it. */
type Read<T> = { isError: boolean; error: Error | null; data: T | undefined };

/**
 * One titled part of a privacy dialog or drawer over one read: its failure as an alert, a spinner while it
 * loads, then what `children` makes of the answer.
 */
export function PrivacySection<T>({
  title,
  testId,
  read,
  children,
}: {
  title: string;
  testId: string;
  read: Read<T>;
  children: (data: T) => ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid={testId}
      className="flex flex-col gap-1 rounded-theme border border-border p-1.5"
    >
      <h3 id={titleId} className="text-sm font-semibold">
        {title}
      </h3>
      {read.isError ? (
        <p role="alert" className="text-sm text-danger">
          {read.error?.message}
        </p>
      ) : read.data !== undefined ? (
        children(read.data)
      ) : (
        <Spinner className="mx-auto my-1 text-primary" />
      )}
    </section>
  );
}
