/**
 * Loading and failure states of a back-office list or form (spec §8: on failure the server's
 * message, otherwise the generic one, in place of the content).
 */
import { Alert, Button, Center, Loader, Text } from "@mantine/core";
import { TEXT } from "@market/contract";
import { IconAlertTriangle } from "@tabler/icons-react";
import { errorMessage } from "../../../lib/notify";

export function Loading() {
  return (
    <Center py="xl">
      <Loader aria-label={TEXT.pages.loading} />
      <Text ml="sm" c="dimmed">
        {TEXT.pages.loading}
      </Text>
    </Center>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={TEXT.alerts.errorTitle} role="alert">
      <Text fz="sm">{errorMessage(error)}</Text>
      {onRetry ? (
        <Button size="xs" variant="light" color="red" mt="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}
