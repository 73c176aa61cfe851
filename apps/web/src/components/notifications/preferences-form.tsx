/**
 * The notification settings (ADR 0182), in the customer area and the back office's Settings: for
 * each kind the account is told about, the channels it wants (in-app, e-mail, SMS). Security
 * messages (sign-in codes, password changes) show locked on: the API refuses to turn them off.
 */
import { Alert, Checkbox, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { type NotificationPreferenceRow, NotificationPreferencesBody } from "@market/contract";
import { IconLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSchemaForm } from "../../lib/form";
import { notifySuccess } from "../../lib/notify";
import { preferencesQuery, useSavePreferences } from "../../lib/queries/notifications";
import { Button } from "../ui/button";

const CHANNELS = [
  { key: "in_app", label: "In-app" },
  { key: "email", label: "E-mail" },
  { key: "sms", label: "SMS" },
] as const;

type Values = { items: NotificationPreferenceRow[] };

function Form({ rows }: { rows: NotificationPreferenceRow[] }) {
  const save = useSavePreferences();
  const form = useSchemaForm<Values>(NotificationPreferencesBody, {
    initialValues: { items: rows },
    // Only what the API takes; the locked kinds are never sent.
    toBody: (v) => ({ items: v.items.filter((i) => !i.locked).map(({ kind, in_app, email, sms }) => ({ kind, in_app, email, sms })) }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved rows change only
  useEffect(() => form.setValues({ items: rows }), [rows]);
  const submit = form.submitWith(
    (v) => save.mutateAsync(v.items.filter((i) => !i.locked).map(({ kind, in_app, email, sms }) => ({ kind, in_app, email, sms }))),
    { onSuccess: (res) => notifySuccess(res.message) },
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" data-testid="notification-preferences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tell me about</Table.Th>
                {CHANNELS.map((c) => (
                  <Table.Th key={c.key} ta="center" w={72}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.items.map((row, index) => (
                <Table.Tr key={row.kind}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {row.locked ? <IconLock size={16} aria-hidden style={{ flexShrink: 0 }} /> : null}
                      <Text fz="sm">{row.label}</Text>
                    </Group>
                    {row.locked ? (
                      <Text fz="xs" c="dimmed">
                        Always on: these keep your account safe.
                      </Text>
                    ) : null}
                  </Table.Td>
                  {CHANNELS.map((c) => (
                    <Table.Td key={c.key} ta="center">
                      <Checkbox
                        aria-label={`${row.label}: ${c.label}${row.locked ? " (always on)" : ""}`}
                        disabled={row.locked}
                        style={{ display: "inline-block" }}
                        {...form.getInputProps(`items.${index}.${c.key}`, { type: "checkbox" })}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save notification settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function NotificationPreferencesForm() {
  const prefs = useQuery(preferencesQuery());
  if (prefs.isPending) return <Loader size="sm" aria-label="Loading notification settings" />;
  if (prefs.isError) {
    return (
      <Alert color="red" title="Could not load your notification settings">
        Check your connection and reload the page.
      </Alert>
    );
  }
  return <Form rows={prefs.data} />;
}
