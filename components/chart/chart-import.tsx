"use client";

import { useEffect, useId, useState } from "react";
import { readAsDataUrl, useImportChart } from "@/lib/api/chart";
import type { AccountImportAnswer } from "@/lib/contract/accounts";
import { chartMessages } from "@/lib/i18n/sections/chart";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { ChartColumnsPicker, FirstLines } from "./chart-import-file";
import { ChartFileError } from "@/lib/accounts/chart-file";
import { previewChartBytes, type ChartColumns, type ChartFilePreview } from "./csv-preview";

const t = chartMessages;
type Format = "csv" | "dominio";
type ChosenFile = { name: string; dataUrl: string; preview: ChartFilePreview };

async function readChosen(file: File): Promise<ChosenFile> {
  const [dataUrl, bytes] = await Promise.all([readAsDataUrl(file), file.arrayBuffer()]);
  return { name: file.name, dataUrl, preview: previewChartBytes(new Uint8Array(bytes)) };
}

function Counts({ answer }: { answer: AccountImportAnswer }) {
  const chip = "rounded-full px-1 py-0.25 text-sm font-semibold";
  return (
    <ul aria-label={t.preview} className="flex flex-wrap gap-0.75">
      <li className={`${chip} bg-primary-soft text-primary`}>{t.willCreate(answer.created)}</li>
      <li className={`${chip} bg-surface-2 text-fg`}>{t.willUpdate(answer.updated)}</li>
      <li className={`${chip} bg-surface-2 text-fg`}>{t.willDeactivate(answer.deactivated)}</li>
      <li className={`${chip} ${answer.refused.length ? "bg-danger-soft text-danger" : "bg-surface-2 text-muted"}`}>
        {t.refusedCount(answer.refused.length)}
      </li>
    </ul>
  );
}

function RefusedLines({ refused }: { refused: AccountImportAnswer["refused"] }) {
  const titleId = useId();
  if (refused.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-0.5">
      <h4 id={titleId} className="text-sm font-bold">
        {t.refusedTitle}
      </h4>
      <div className="max-h-[240px] overflow-y-auto rounded-theme border border-danger/40">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-danger-soft text-xs text-danger">
            <tr>
              <th scope="col" className="w-[72px] px-1 py-0.5">
                {t.line}
              </th>
              <th scope="col" className="px-1 py-0.5">
                {t.reason}
              </th>
            </tr>
          </thead>
          <tbody>
            {refused.map((line) => (
              <tr key={`${line.line}-${line.message}`} data-testid="refused-line" className="border-t border-border">
                <td className="px-1 py-0.5 tabular-nums">{line.line}</td>
                <td className="px-1 py-0.5">{line.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * 'Importar plano de contas': a file read in the browser (sent as a data URL, bytes as they are), its
 * first lines and the columns chosen for it, the dry run's counts and refused lines, then 'Importar'.
 */
export function ChartImport({
  year,
  onDone,
  onCancel,
}: {
  year: number;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const fileId = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [readFailed, setReadFailed] = useState<string | null>(null);
  const [format, setFormat] = useState<Format>("csv");
  const [columns, setColumns] = useState<ChartColumns | null>(null);
  const preview = useImportChart();
  const save = useImportChart();
  const sameColumn = columns !== null && columns.code === columns.description;
  const { mutate: runPreview, reset: resetPreview } = preview;

  // The dry run of what is on screen, again on every change of file, format, columns or year.
  useEffect(() => {
    if (!file || !columns || sameColumn) return resetPreview();
    runPreview({ year, format, base64url: file.dataUrl, columns, dryRun: true });
  }, [file, format, columns, year, sameColumn, runPreview, resetPreview]);

  const choose = async (chosen: File | undefined) => {
    setReadFailed(null);
    save.reset();
    if (!chosen) return (setFile(null), setColumns(null));
    try {
      const read = await readChosen(chosen);
      setFile(read);
      setColumns(read.preview.columns);
    } catch (error) {
      setFile(null);
      setColumns(null);
      setReadFailed(error instanceof ChartFileError ? error.message : t.readFailed);
    }
  };
  const doImport = () => {
    if (!file || !columns) return;
    save.mutate(
      { year, format, base64url: file.dataUrl, columns },
      {
        onSuccess: (answer) =>
          onDone(t.imported(answer.created, answer.updated, answer.deactivated, answer.refused.length)),
      },
    );
  };
  const ready = preview.isSuccess && !preview.isPending;

  return (
    <section aria-labelledby={`${fileId}-title`} className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h3 id={`${fileId}-title`} className="text-lg font-bold">
          {t.importTitle(year)}
        </h3>
        <Button variant="link" onClick={onCancel}>
          {t.back}
        </Button>
      </div>
      <p className="text-sm text-muted">{t.importHelp}</p>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-[minmax(0,1fr)_160px] sm:items-end">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span id={`${fileId}-label`} className="text-xs font-semibold text-muted">
            {t.file}
          </span>
          {/* The browser's own file button speaks the browser's language: ours says 'Escolher arquivo'. */}
          <label
            className={
              "relative flex h-5 min-w-0 cursor-pointer items-center overflow-hidden " +
              "rounded-theme border border-border bg-surface text-sm text-fg " +
              "has-[:focus-visible]:border-primary has-[:focus-visible]:outline-2 " +
              "has-[:focus-visible]:outline-primary/30"
            }
          >
            <input
              id={fileId}
              type="file"
              aria-labelledby={`${fileId}-label`}
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(event) => void choose(event.target.files?.[0])}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className="flex h-full shrink-0 items-center border-r border-border bg-surface-2 px-1.5 font-semibold"
            >
              {t.chooseFile}
            </span>
            <span aria-hidden="true" className={`truncate px-1 ${file ? "" : "text-muted"}`}>
              {file?.name ?? t.noFile}
            </span>
          </label>
        </div>
        <SelectField
          label={t.format}
          value={format}
          options={[
            { value: "csv", label: t.formatCsv },
            { value: "dominio", label: t.formatDominio },
          ]}
          onValueChange={(value) => setFormat(value === "dominio" ? "dominio" : "csv")}
        />
      </div>
      {readFailed ? (
        <p role="alert" className="text-sm text-danger">
          {readFailed}
        </p>
      ) : null}
      {file?.preview.problem ? (
        <p role="note" className="text-sm text-muted">
          {file.preview.problem} {t.columnsHelp}
        </p>
      ) : null}
      {file && columns ? (
        <>
          <FirstLines preview={file.preview} columns={columns} />
          <ChartColumnsPicker
            width={file.preview.width}
            header={file.preview.hasHeader ? (file.preview.rows[0] ?? []) : []}
            columns={columns}
            onChange={setColumns}
          />
          {sameColumn ? (
            <p role="alert" className="text-sm text-danger">
              {t.sameColumn}
            </p>
          ) : null}
        </>
      ) : null}
      <div aria-live="polite" className="flex flex-col gap-1">
        {preview.isPending ? (
          <p className="flex items-center gap-1 text-sm text-muted">
            <Spinner className="text-primary" />
            {t.previewing}
          </p>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-danger">
            {preview.error.message}
          </p>
        ) : preview.data ? (
          <>
            <h4 className="text-sm font-bold">{t.preview}</h4>
            <Counts answer={preview.data} />
            <RefusedLines refused={preview.data.refused} />
          </>
        ) : null}
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm text-danger">
          {save.error.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-1">
        <Button variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button onClick={doImport} disabled={!ready} loading={save.isPending}>
          {t.doImport}
        </Button>
      </div>
    </section>
  );
}
