"use client";

import { ChevronDown, QrCode as QrIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useContabilizationLink } from "@/lib/api/contabilization";
import { formatTime } from "@/lib/format/dates";
import { contabilizationDeskMessages } from "@/lib/i18n/sections/contabilizationDesk";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Collapse } from "@/components/ui/collapse";
import { Spinner } from "@/components/ui/spinner";

const t = contabilizationDeskMessages;

export const MOBILE_PATH = "/home/client/contabilization/mobile/";

/** The address the QR carries: this page's origin, the mobile route and the one-time link token. */
export function mobileUrl(origin: string, link: string): string {
  return `${origin}${MOBILE_PATH}${link}`;
}

export type QrPanelProps = { clientId: number; year: number; month: number; phoneSeen: number };

/**
 * 'Contabilizar pelo celular' (spec §2): a collapsible panel, closed by default — the link is asked (and
 * the QR library loaded, a lazy chunk) only when the operator opens it. The link lives 5 min and works
 * once: a new one is asked 30 s before it expires, after the page sees the phone's posts (`phoneSeen`
 * grows) and on 'Gerar novo código'.
 */
export function QrPanel({ clientId, year, month, phoneSeen }: QrPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const link = useContabilizationLink(clientId, year, month, open);
  const { refetch } = link;

  const seen = useRef(phoneSeen);
  useEffect(() => {
    if (phoneSeen === seen.current) return;
    seen.current = phoneSeen;
    if (open) void refetch();
  }, [phoneSeen, open, refetch]);

  const url = link.data && typeof window !== "undefined" ? mobileUrl(window.location.origin, link.data.link) : null;

  return (
    <section aria-labelledby={titleId} className="rounded-theme border border-border bg-surface">
      <h2 id={titleId}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className={
            "flex min-h-6 w-full cursor-pointer items-center gap-1 rounded-theme px-2 py-1" +
            " text-left text-base font-bold outline-none hover:bg-surface-2 focus-visible:ring-2" +
            " focus-visible:ring-primary"
          }
        >
          <QrIcon aria-hidden="true" className="size-2.5 shrink-0" strokeWidth={1.8} />
          <span className="flex-1">{t.qrTitle}</span>
          <ChevronDown
            aria-hidden="true"
            className={cn("size-2.5 shrink-0 transition-transform", open && "rotate-180")}
          />
        </button>
      </h2>
      <Collapse open={open} id={panelId}>
        <div className="flex flex-col gap-2 px-2 pt-1 pb-2 sm:flex-row sm:items-start">
          <div
            className={
              "grid size-[216px] shrink-0 place-items-center self-center rounded-theme bg-white" + " p-1 sm:self-start"
            }
          >
            {url ? <QrCode url={url} /> : link.isError ? null : <Spinner />}
          </div>
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <p>{t.qrHint}</p>
            <p className="font-semibold" data-testid="qr-safety">
              {t.qrSafety}
            </p>
            {link.isError ? (
              <p role="alert" className="text-danger">
                {link.error.message || t.qrError}
              </p>
            ) : link.data ? (
              <p className="text-muted">{t.qrValidUntil(formatTime(link.data.linkExpiresDatetime))}</p>
            ) : (
              <p className="text-muted">{t.qrLoading}</p>
            )}
            <Button
              variant="secondary"
              className="h-6 self-start sm:h-5"
              loading={open && link.isFetching}
              onClick={() => void refetch()}
            >
              {t.qrRenew}
            </Button>
          </div>
        </div>
      </Collapse>
    </section>
  );
}

/** The QR as inline SVG, drawn in the browser by the `qrcode` package, loaded on first use (a lazy chunk). */
function QrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<{ url: string; markup: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((qrcode) =>
        qrcode.toString(url, {
          type: "svg",
          margin: 0,
          errorCorrectionLevel: "M",
          color: { dark: "#000000", light: "#ffffff" },
        }),
      )
      .then((markup) => {
        if (live) setSvg({ url, markup });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return <p className="text-sm text-black">{t.qrError}</p>;
  if (!svg || svg.url !== url) return <Spinner />;
  return (
    <div
      role="img"
      aria-label={t.qrLabel}
      data-testid="qr-code"
      data-url={svg.url}
      className="size-[200px] [&_svg]:size-full"
      // markup of the qrcode package from our own URL: paths only, no script
      dangerouslySetInnerHTML={{ __html: svg.markup }}
    />
  );
}
