import { PASSWORD_MIN } from "@/lib/constants";
import { linksMessages } from "@/lib/i18n/sections/links";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { TextField } from "@/components/ui/text-field";

export type PasswordPair = { password: string; confirm: string };

/** The rule of both link forms: at least 6 characters, typed twice the same (null when fine). */
export function passwordPairError(pair: PasswordPair): string | null {
  if (pair.password.length < PASSWORD_MIN) return validationMessages.password;
  if (pair.password !== pair.confirm) return linksMessages.mismatch;
  return null;
}

type Props = {
  value: PasswordPair;
  onChange: (value: PasswordPair) => void;
  label: string;
  error: string | null;
  readOnly: boolean;
};

/** A new password and its confirmation; the one error shows under the confirmation. */
export function PasswordFields({ value, onChange, label, error, readOnly }: Props) {
  return (
    <>
      <TextField
        label={label}
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={value.password}
        readOnly={readOnly}
        invalid={error === validationMessages.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
      />
      <TextField
        label={linksMessages.confirm}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={value.confirm}
        readOnly={readOnly}
        error={error ?? undefined}
        onChange={(event) => onChange({ ...value, confirm: event.target.value })}
      />
    </>
  );
}
