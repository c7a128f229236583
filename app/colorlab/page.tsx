import { ColorlabScreen } from "@/components/colorlab/colorlab-screen";

// The theme screen (spec §2, access "internal": served to anyone, no redirect).
export default function ColorlabPage() {
  return <ColorlabScreen />;
}
