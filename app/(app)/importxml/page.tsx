import { ImportXmlPage } from "@/components/fiscal-import/import-page";

// /importxml (business only): 'Importar XML' (docs/decisions/0273-import-and-reading-screens.md).
export default function ImportXmlRoute() {
  return <ImportXmlPage />;
}
