import { commonMessages } from "@/lib/i18n/sections/common";
import { Spinner } from "./spinner";

/** The neutral screen shown while the guard decides or redirects. */
export function Splash() {
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center text-muted">
      <span className="flex items-center gap-1 text-sm">
        <Spinner className="text-primary" />
        {commonMessages.loading}
      </span>
    </div>
  );
}
