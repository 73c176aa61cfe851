/**
 * Settings > Notifications in the back office (ADR 0182): a seller or an admin chooses, per kind of
 * notification, the channels (in-app, e-mail, SMS); security messages are shown locked on.
 */
import { Paper } from "@mantine/core";
import { NotificationPreferencesForm } from "../../../components/notifications/preferences-form";
import { PageHeader } from "../components/page-header";

export default function NotificationSettingsPage() {
  return (
    <>
      <PageHeader title="Notifications" subtitle="Choose how you are told about orders, payouts and your account." />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} maw={760}>
        <NotificationPreferencesForm />
      </Paper>
    </>
  );
}
