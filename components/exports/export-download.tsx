"use client";

import { Download } from "lucide-react";
import { exportsMessages as t } from "@/lib/i18n/sections/exports";
import { Button } from "@/components/ui/button";

/** What the download shows of its request: TanStack Query's mutation, as far as it looks at it. */
type DownloadState = {
  isError: boolean;
  error: Error | null;
  isSuccess: boolean;
  isPending: boolean;
  data: { filename: string } | undefined;
};

/**
 * An export's end: its failure (unless the caller shows it in its own place), the file saved, and the
 * download button.
 */
export function ExportDownload({
  download,
  showError = true,
  disabled,
  label,
  onDownload,
}: {
  download: DownloadState;
  showError?: boolean;
  disabled?: boolean;
  label: string;
  onDownload: () => void;
}) {
  return (
    <>
      {download.isError && showError ? (
        <p role="alert" className="text-sm text-danger">
          {download.error?.message}
        </p>
      ) : null}
      {download.isSuccess && download.data ? (
        <p role="status" className="text-sm text-muted">
          {t.downloaded(download.data.filename)}
        </p>
      ) : null}
      <Button className="self-end" disabled={disabled} loading={download.isPending} onClick={onDownload}>
        <Download aria-hidden="true" className="size-2" />
        {label}
      </Button>
    </>
  );
}
