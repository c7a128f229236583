import { Suspense } from "react";
import { RegisterWizard } from "@/components/register/register-wizard";
import { Splash } from "@/components/ui/splash";

// The sign-up wizard (spec §2). Suspense: the wizard reads the e-mail handed over in the query string.
export default function RegisterPage() {
  return (
    <Suspense fallback={<Splash />}>
      <RegisterWizard />
    </Suspense>
  );
}
