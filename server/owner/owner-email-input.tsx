// The owner's address as the sign-in (pages.tsx) and the first run (first-run-pages.tsx) ask
// for it: the browser's own email check and autofill, at most an address's 254 characters.
import { controlAria, controlStyles } from "../../ui/field-styles.ts";

interface OwnerEmailInputProps {
  /** The problem said beside it, if any. */
  error?: string | undefined;
  /** Whether its Field has a hint the input is described by. */
  hint?: boolean;
  /** The address typed before, shown again. */
  defaultValue?: string;
}

export function OwnerEmailInput({ error, hint = false, defaultValue }: OwnerEmailInputProps) {
  return (
    <input
      {...controlAria("email", error, hint)}
      name="email"
      type="email"
      className={controlStyles.light}
      autoComplete="email"
      required
      maxLength={254}
      defaultValue={defaultValue}
    />
  );
}
