"use client";

import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { DocumentsPreviewProps } from "./documents-preview";

// The preview (the viewer's image stage, zoom and thumbnails) shows once a document is chosen: its
// script is fetched then, not with the page (scripts/measure-first-load.mjs).
export const DocumentsPreview = lazyWhenOpen<DocumentsPreviewProps>(
  () => import("./documents-preview").then((module) => module.DocumentsPreview),
  () => true,
);
