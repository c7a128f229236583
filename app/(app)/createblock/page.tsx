import { CreateBlockPage } from "@/components/create-block/create-block-page";

// Spec §2 /createblock (business only): 'Criar bloco'.
export default function CreateBlockRoute() {
  return <CreateBlockPage />;
}
