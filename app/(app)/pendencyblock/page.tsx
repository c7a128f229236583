import { PendencyBlockPage } from "@/components/create-block/pendency-block-page";

// Spec §2 /pendencyblock (business only): 'Blocos com pendencia'.
export default function PendencyBlockRoute() {
  return <PendencyBlockPage />;
}
