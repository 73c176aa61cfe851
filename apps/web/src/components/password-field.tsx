/**
 * The one password field of every form that takes a password (sign-in, sign-up, reset, both
 * change-password pages): at most PASSWORD_MAX characters (128, not the spec's 25: ADR 0083) and
 * the autocomplete hint that lets the browser fill a saved password or offer a new one.
 */
import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { PASSWORD_MAX } from "@market/contract";

/**
 * A Mantine `PasswordInput` capped at PASSWORD_MAX characters. `fresh`: the password is being
 * chosen (autocomplete "new-password": the browser may suggest one) rather than typed from memory
 * ("current-password"). Other props (label, required, the form's input props) pass through.
 */
export function PasswordField({ fresh, ...props }: PasswordInputProps & { fresh?: boolean }) {
  return <PasswordInput autoComplete={fresh ? "new-password" : "current-password"} maxLength={PASSWORD_MAX} {...props} />;
}
