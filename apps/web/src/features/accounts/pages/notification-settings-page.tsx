/**
 * /account/notifications (ADR 0182): the customer chooses, per kind of notification, the channels
 * (in-app, e-mail, SMS); security messages are shown locked on.
 */
import { Card, Text, Title } from "@mantine/core";
import { NotificationPreferencesForm } from "../../../components/notifications/preferences-form";
import { usePageTitle } from "../../../lib/use-page-title";
import { CustomerArea } from "../components/customer-area";

export default function NotificationSettingsPage() {
  usePageTitle("Notifications");
  return (
    <CustomerArea title="Notifications">
      {() => (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="xl">
            Notifications
          </Title>
          <Text c="dimmed" fz="sm" mt={4} mb="md">
            Choose how we tell you about your orders. The bell at the top shows the in-app ones.
          </Text>
          <NotificationPreferencesForm />
        </Card>
      )}
    </CustomerArea>
  );
}
