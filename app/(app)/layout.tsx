import type { ReactNode } from "react";
import { QueryProvider } from "@/app/query-provider";

// Every logged-in page: one query cache, kept while the user moves between them.
export default function LoggedInLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
