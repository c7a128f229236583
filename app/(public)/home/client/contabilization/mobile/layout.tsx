import type { Metadata } from "next";
import type { ReactNode } from "react";
import { contabilizationMobileMessages } from "@/lib/i18n/sections/contabilizationMobile";
import { titlesMessages } from "@/lib/i18n/sections/titles";
import { QueryProvider } from "@/app/query-provider";

// The phone's contabilization pages. Rendered per request, never cached: Next's dynamic
// pages answer `Cache-Control: no-store` (next.config.ts cannot set it on pages), and next.config.ts adds
// `Referrer-Policy: no-referrer` for the path; the meta below says the same inside the document.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: `${titlesMessages.base} | ${contabilizationMobileMessages.title}`,
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default function MobileContabilizationLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
