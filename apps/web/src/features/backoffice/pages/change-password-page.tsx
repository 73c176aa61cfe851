/**
 * Change Password (spec §2, §3 "Password change payload", §8): current, new and confirm password
 * (max PASSWORD_MAX characters each: 128, not the spec's 25, ADR 0083), sent as PUT /api/me with request_type "changePass". On success
 * "Password Successfully Updated" and the three fields are cleared.
 */
import { Button, Paper, Stack } from "@mantine/core";
import { ChangePasswordBody, TEXT } from "@market/contract";
import { PasswordField } from "../../../components/password-field";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useChangePassword } from "../../../lib/queries/me";
import { useSession } from "../../../lib/session";
import { PageHeader } from "../components/page-header";

type Values = { old_password: string; password: string; confirm_password: string };
const EMPTY: Values = { old_password: "", password: "", confirm_password: "" };

export default function ChangePasswordPage() {
  const { details } = useSession();
  const change = useChangePassword();
  const form = useSchemaForm<Values>(ChangePasswordBody, {
    initialValues: EMPTY,
    toBody: (v) => ({ ...v, request_type: "changePass" }),
    newPassword: "password",
  });

  const onSubmit = form.submitWith((v) => change.mutateAsync({ _id: details?._id ?? "", ...v }), {
    onSuccess: () => {
      notifySuccess(TEXT.success.passwordUpdated);
      form.setValues(EMPTY);
    },
  });

  return (
    <>
      <PageHeader title="Change Password" subtitle="Other devices signed in to your account are signed out." />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="form" onSubmit={onSubmit} maw={520}>
        <Stack>
          <PasswordField label="Current password" {...form.getInputProps("old_password")} />
          <PasswordField label="New password" fresh {...form.getInputProps("password")} />
          <PasswordField label="Confirm password" fresh {...form.getInputProps("confirm_password")} />
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? TEXT.buttons.processing : TEXT.buttons.saveChanges}
            </Button>
          </div>
        </Stack>
      </Paper>
    </>
  );
}
