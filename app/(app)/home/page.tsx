import { HomePlaceholder } from "@/components/shell/home-placeholder";

export default function HomePage() {
  return <HomePlaceholder />;
}
