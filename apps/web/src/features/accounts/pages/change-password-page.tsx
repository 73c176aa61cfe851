/**
 * /changePass (spec §2 "Customer area", §3 "Password change payload", §8): Old Password, New
 * Password, Confirm Password (max PASSWORD_MAX: 128, not the spec's 25, ADR 0083) and "Save Changes". Success shows "Success" / "Password
 * Successfully Updated" and clears the three fields; a failure shows "Ooops" with the server message.
 */
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { TEXT } from "@market/contract";
import { PasswordField } from "../../../components/password-field";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useChangePassword } from "../../../lib/queries/me";
import type { SessionUser } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import { CustomerArea } from "../components/customer-area";

const EMPTY = { old_password: "", password: "", confirm_password: "" };

function ChangePassword({ user }: { user: SessionUser }) {
  const form = useSchemaForm<typeof EMPTY>(() => import("../schemas").then((m) => m.ChangePasswordBody), {
    initialValues: EMPTY,
    toBody: (v) => ({ ...v, request_type: "changePass" }),
    newPassword: "password",
  });
  const mutation = useChangePassword();
  const field = (key: keyof typeof EMPTY, label: string, fresh: boolean) => (
    <PasswordField label={label} fresh={fresh} required {...form.getInputProps(key)} />
  );
  const submit = form.submitWith((values) => mutation.mutateAsync({ ...values, _id: user._id }), {
    onSuccess: () => {
      notifySuccess(TEXT.success.passwordUpdated);
      form.setValues(EMPTY);
      form.clearErrors();
    },
  });
  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <Title order={2} fz="xl">
        {TEXT.accounts.changePassword}
      </Title>
      <Text c="dimmed" fz="sm" mt={4} mb="md">
        Your other devices will be signed out.
      </Text>
      <form onSubmit={submit} aria-label={TEXT.accounts.changePassword} noValidate>
        <Stack gap="md">
          {field("old_password", TEXT.accounts.oldPassword, false)}
          {field("password", TEXT.accounts.newPassword, true)}
          {field("confirm_password", TEXT.accounts.confirmPassword, true)}
          <Group justify="flex-end">
            <Button type="submit" disabled={mutation.isPending} miw={150}>
              {mutation.isPending ? TEXT.buttons.processing : TEXT.buttons.saveChanges}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export default function ChangePasswordPage() {
  usePageTitle(TEXT.accounts.changePassword);
  return <CustomerArea title={TEXT.accounts.changePassword}>{(user) => <ChangePassword user={user} />}</CustomerArea>;
}
