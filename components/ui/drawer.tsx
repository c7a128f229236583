"use client";

import type { DrawerProps } from "./drawer-modal";
import { lazyWhenOpen } from "./lazy-when-open";

export type { DrawerProps } from "./drawer-modal";

/** The right-hand drawer of spec §2/§9 (drawer-modal.tsx, fetched on the first open). */
export const Drawer = lazyWhenOpen<DrawerProps>(
  () => import("./drawer-modal").then((module) => module.DrawerModal),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);
