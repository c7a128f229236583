import { redirect } from "next/navigation";
import { LOGIN_PATH } from "@/lib/routes";

// Spec §2: any other path redirects to /login (which sends a logged-in user on to /home).
export default function NotFound() {
  redirect(LOGIN_PATH);
}
