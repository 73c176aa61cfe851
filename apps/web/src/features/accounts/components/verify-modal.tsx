/**
 * The 2FA modal (spec §3 "2FA payload", §5, §8): an e-mail code and a phone code, each marked valid
 * at 6 or more characters while it has no error; the server checks them. Failures show "Failed" with the server message,
 * success shows "Success" with the server text.
 */
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { CODE_LENGTH, TEXT, VerifyBody } from "@market/contract";
import { IconCheck } from "@tabler/icons-react";
import { LazyModal } from "../../../components/lazy-overlay";
import { useSchemaForm } from "../../../lib/form";
import { notifyError, notifyInfo, notifySuccess } from "../../../lib/notify";
import { useResendCodes, useVerifyCodes } from "../../../lib/queries/auth";

/** Spec §5: a code field is marked valid at 6 or more characters. */
const codeLooksValid = (code: string) => code.trim().length >= CODE_LENGTH;

export function VerifyModal({ email, onClose }: { email: string | null; onClose: () => void }) {
  const form = useSchemaForm(VerifyBody, {
    initialValues: { code_email: "", code_phone: "" },
    toBody: (v) => ({ ...v, email: email ?? "" }),
  });
  const verify = useVerifyCodes();
  const resendCodes = useResendCodes();

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.submitWith(
    (v) => (email ? verify.mutateAsync({ email, code_email: v.code_email.trim(), code_phone: v.code_phone.trim() }) : undefined),
    {
      onSuccess: (res) => {
        notifySuccess(res.message);
        close();
      },
      errorTitle: TEXT.alerts.failedTitle,
    },
  );

  const resend = async () => {
    if (!email) return;
    try {
      const res = await resendCodes.mutateAsync(email);
      notifyInfo(res.message, TEXT.alerts.quickNotice);
    } catch (err) {
      notifyError(err, TEXT.alerts.failedTitle);
    }
  };

  const field = (label: string, name: "code_email" | "code_phone") => {
    // A field the server refused is not marked valid, whatever its length, until it is changed
    // (changing a field clears its error).
    const valid = codeLooksValid(form.values[name]) && !form.errors[name];
    return (
      <TextInput
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        {...form.getInputProps(name)}
        rightSection={valid ? <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="valid" /> : null}
        data-valid={valid ? "true" : "false"}
        styles={valid ? { input: { borderColor: "var(--mantine-color-green-7)" } } : undefined}
      />
    );
  };

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
          {field(TEXT.accounts.codeEmail, "code_email")}
          {field(TEXT.accounts.codePhone, "code_phone")}
          <Group justify="space-between">
            <Anchor component="button" type="button" fz="sm" onClick={resend}>
              {TEXT.accounts.resendCodes}
            </Anchor>
            <Button type="submit" disabled={verify.isPending} miw={120}>
              {verify.isPending ? TEXT.buttons.processing : TEXT.accounts.verify}
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}
