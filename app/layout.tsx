import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { themeInitScript } from "@/components/shell/theme";
import { earlyCallsScript } from "@/lib/early-calls";
import { CANVAS } from "@/lib/pwa/palette";
import { Providers } from "./providers";
import "./globals.css";

// The <title> is rendered by PlatformTitle (it follows the platform kept on the device).
export const metadata: Metadata = {
  applicationName: "Bloco",
  description: "Troca de documentos entre clientes e escritórios de contabilidade.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: CANVAS.light },
    { media: "(prefers-color-scheme: dark)", color: CANVAS.dark },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="pt-BR" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />
        <script dangerouslySetInnerHTML={{ __html: earlyCallsScript }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
