"use client";

import { useRouter } from "next/navigation";
import type { AnchorHTMLAttributes } from "react";

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * A link inside the app: a plain <a href> (a new tab, a copied address and a page without script all
 * work) that a plain click turns into a client-side navigation, as next/link does, without next/link's
 * script on the page (about 4 KiB compressed: scripts/measure-first-load.mjs). The target page's data
 * is prefetched when the pointer or the focus reaches the link.
 */
export function AppLink({ href, onClick, onPointerEnter, onFocus, ...rest }: AppLinkProps) {
  const router = useRouter();
  return (
    <a
      href={href}
      {...rest}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        router.prefetch(href);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        router.prefetch(href);
      }}
      onClick={(event) => {
        onClick?.(event);
        const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (event.defaultPrevented || modified || (rest.target && rest.target !== "_self")) return;
        event.preventDefault();
        router.push(href);
      }}
    />
  );
}
