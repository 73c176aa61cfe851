/**
 * The pair of buttons an admin decides a request with in a list row: a green "yes" (Confirm, Mark
 * paid) and a red "no" (Reject, Mark failed).
 */
import { Button, Group } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";

/** `yes`/`no`: the buttons' words; `disabled` while a decision is being sent. */
export function DecisionButtons({
  yes,
  no,
  onYes,
  onNo,
  disabled,
}: {
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
  disabled?: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" color="green" leftSection={<IconCheck size={14} />} disabled={disabled} onClick={onYes}>
        {yes}
      </Button>
      <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} disabled={disabled} onClick={onNo}>
        {no}
      </Button>
    </Group>
  );
}
