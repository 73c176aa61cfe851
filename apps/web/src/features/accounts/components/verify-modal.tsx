/**
 * The 2FA modal (spec §3 "2FA payload", §5, §8): an e-mail code and a phone code, each marked valid
 * at 6 or more characters; the server checks them. Failures show "Failed" with the server message,
 * success shows "Success" with the server text.
 */
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { CODE_LENGTH, TEXT } from "@market/contract";
import { IconCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { LazyModal } from "../../../components/lazy-overlay";
import { ApiError } from "../../../lib/api";
import { notifyError, notifyInfo, notifySuccess } from "../../../lib/notify";
import { resendCodes, verifyCodes } from "../api/auth";

/** Spec §5: a code field is marked valid at 6 or more characters. */
export const codeLooksValid = (code: string) => code.trim().length >= CODE_LENGTH;

export function VerifyModal({ email, onClose }: { email: string | null; onClose: () => void }) {
  const [codeEmail, setCodeEmail] = useState("");
  const [codePhone, setCodePhone] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setCodeEmail("");
    setCodePhone("");
    setErrors({});
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email || busy) return;
    setBusy(true);
    try {
      const res = await verifyCodes({ email, code_email: codeEmail.trim(), code_phone: codePhone.trim() });
      notifySuccess(res.message);
      close();
    } catch (err) {
      setErrors(err instanceof ApiError ? err.errors : {});
      notifyError(err, TEXT.alerts.failedTitle);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!email) return;
    try {
      const res = await resendCodes(email);
      notifyInfo(res.message, TEXT.alerts.quickNotice);
    } catch (err) {
      notifyError(err, TEXT.alerts.failedTitle);
    }
  };

  const field = (label: string, value: string, set: (v: string) => void, name: "code_email" | "code_phone") => (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => set(e.currentTarget.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      error={errors[name]}
      rightSection={codeLooksValid(value) ? <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="valid" /> : null}
      data-valid={codeLooksValid(value) ? "true" : "false"}
      styles={codeLooksValid(value) && !errors[name] ? { input: { borderColor: "var(--mantine-color-green-7)" } } : undefined}
    />
  );

  return (
    <LazyModal opened={!!email} onClose={close} title={TEXT.accounts.verifyTitle} centered>
      <form onSubmit={submit} aria-label={TEXT.accounts.verifyTitle}>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {TEXT.accounts.verifyText}
          </Text>
          <Text fz="sm" fw={600}>
            {email}
          </Text>
          {field(TEXT.accounts.codeEmail, codeEmail, setCodeEmail, "code_email")}
          {field(TEXT.accounts.codePhone, codePhone, setCodePhone, "code_phone")}
          <Group justify="space-between">
            <Anchor component="button" type="button" fz="sm" onClick={resend}>
              {TEXT.accounts.resendCodes}
            </Anchor>
            <Button type="submit" disabled={busy} miw={120}>
              {busy ? TEXT.buttons.processing : TEXT.accounts.verify}
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}
