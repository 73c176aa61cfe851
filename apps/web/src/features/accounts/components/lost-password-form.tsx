/**
 * Lost-password mode (spec §3 "Password-reset form", §4 "Recovery", §8): request_type starts as
 * send-mail; once the code is sent it becomes change-password and the code and new-password fields
 * show. Cancel returns to login and resets to send-mail. A failure keeps what was typed.
 */
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type RecoverBody, ResetEmailForm, ResetForm, TEXT } from "@market/contract";
import { useState } from "react";
import { PasswordField } from "../../../components/password-field";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useRecover } from "../../../lib/queries/auth";

/** The form's fields: the contract's recovery body, every field present. */
type RecoverFields = Required<Omit<RecoverBody, "request_type">>;

const EMPTY: RecoverFields = { email: "", code: "", password: "", confirm_password: "" };

export function LostPasswordForm({ onDone }: { onDone: () => void }) {
  const [requestType, setRequestType] = useState<"send-mail" | "change-password">("send-mail");
  // Each step checks its own fields: the e-mail first, then the code and the new password.
  const form = useSchemaForm<RecoverFields>(requestType === "send-mail" ? ResetEmailForm : ResetForm, {
    initialValues: EMPTY,
    newPassword: "password",
  });
  const recover = useRecover();

  const cancel = () => {
    setRequestType("send-mail");
    form.setValues(EMPTY);
    form.clearErrors();
    onDone();
  };

  const submit = form.submitWith((values) => recover.mutateAsync({ step: requestType, form: values }), {
    onSuccess: (res, values) => {
      notifySuccess(res.message);
      if (requestType === "send-mail") {
        // The next step needs the e-mail; the rest of the form starts empty.
        form.setValues({ ...EMPTY, email: values.email });
        setRequestType("change-password");
      } else cancel();
    },
  });

  return (
    <form onSubmit={submit} aria-label="Lost password" noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {requestType === "send-mail"
            ? "Enter the e-mail of your account. We will send you a code to set a new password."
            : `Enter the 6-character code we sent to ${form.values.email} and choose a new password.`}
        </Text>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          readOnly={requestType === "change-password"}
          required
          {...form.getInputProps("email")}
        />
        {requestType === "change-password" ? (
          <>
            <TextInput label="Reset code" inputMode="numeric" autoComplete="one-time-code" required {...form.getInputProps("code")} />
            <PasswordField label={TEXT.accounts.newPassword} fresh required {...form.getInputProps("password")} />
            <PasswordField label={TEXT.accounts.confirmPassword} fresh required {...form.getInputProps("confirm_password")} />
          </>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" type="button" onClick={cancel}>
            {TEXT.accounts.cancel}
          </Button>
          <Button type="submit" disabled={recover.isPending} miw={160}>
            {recover.isPending
              ? TEXT.buttons.processing
              : requestType === "send-mail"
                ? TEXT.accounts.sendCode
                : TEXT.accounts.resetPassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
