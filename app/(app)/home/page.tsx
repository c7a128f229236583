import { HomeScreen } from "@/components/clients/home-screen";

export default function HomePage() {
  return <HomeScreen />;
}
