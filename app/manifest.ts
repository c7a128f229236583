import type { MetadataRoute } from "next";
import { pwaMessages } from "@/lib/i18n/sections/pwa";
import { CANVAS, BRAND } from "@/lib/pwa/palette";

// The web manifest (/manifest.webmanifest, linked by Next from every page): the business app that
// installs from the browser. Its icons are made from app/icon.svg by scripts/pwa-icons.mjs.
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/home",
    name: "Bloco",
    short_name: "Bloco",
    description: pwaMessages.manifestDescription,
    lang: "pt-BR",
    dir: "ltr",
    start_url: "/home",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: CANVAS.light,
    theme_color: BRAND,
    categories: ["business", "finance", "productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
