/**
 * Lost-password mode (spec §3 "Password-reset form", §4 "Recovery", §8): request_type starts as
 * send-mail; once the code is sent it becomes change-password and the code and new-password fields
 * show. Cancel returns to login and resets to send-mail. A failure keeps what was typed.
 */
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { PASSWORD_MAX, TEXT } from "@market/contract";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { type RecoverForm, recover } from "../api/auth";

const EMPTY: RecoverForm = { email: "", code: "", password: "", confirm_password: "" };

export function LostPasswordForm({ onDone }: { onDone: () => void }) {
  const [requestType, setRequestType] = useState<"send-mail" | "change-password">("send-mail");
  const [form, setForm] = useState<RecoverForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof RecoverForm) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
  };

  const cancel = () => {
    setRequestType("send-mail");
    setForm(EMPTY);
    setErrors({});
    onDone();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const res = await recover(requestType, form);
      notifySuccess(res.message);
      setErrors({});
      if (requestType === "send-mail") {
        // The next step needs the e-mail; the rest of the form starts empty.
        setForm({ ...EMPTY, email: form.email });
        setRequestType("change-password");
      } else cancel();
    } catch (err) {
      setErrors(err instanceof ApiError ? err.errors : {});
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Lost password" noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {requestType === "send-mail"
            ? "Enter the e-mail of your account. We will send you a code to set a new password."
            : `Enter the 6-character code we sent to ${form.email} and choose a new password.`}
        </Text>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set("email")}
          error={errors.email}
          readOnly={requestType === "change-password"}
          required
        />
        {requestType === "change-password" ? (
          <>
            <TextInput
              label="Reset code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={form.code}
              onChange={set("code")}
              error={errors.code}
              required
            />
            <PasswordInput
              label={TEXT.accounts.newPassword}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              value={form.password}
              onChange={set("password")}
              error={errors.password}
              required
            />
            <PasswordInput
              label={TEXT.accounts.confirmPassword}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              value={form.confirm_password}
              onChange={set("confirm_password")}
              error={errors.confirm_password}
              required
            />
          </>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" type="button" onClick={cancel}>
            {TEXT.accounts.cancel}
          </Button>
          <Button type="submit" disabled={busy} miw={160}>
            {busy ? TEXT.buttons.processing : requestType === "send-mail" ? TEXT.accounts.sendCode : TEXT.accounts.resetPassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
