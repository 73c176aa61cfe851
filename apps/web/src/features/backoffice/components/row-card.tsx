/** A list row as a card, for phones (wide tables would scroll sideways on a 390 px screen). */
import { Group, Image, Paper, Stack, Text } from "@mantine/core";
import { imageThumbUrl } from "@market/contract";
import type { ReactNode } from "react";

export function RowCard({
  image,
  title,
  meta,
  children,
  actions,
  testId,
}: {
  image?: string | null;
  title: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {image !== undefined ? (
          <Image src={imageThumbUrl(image)} alt="" w={64} h={64} radius="sm" fit="cover" fallbackSrc="/favicon.svg" />
        ) : null}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} fz="sm" lineClamp={2}>
            {title}
          </Text>
          {meta ? (
            <Text fz="xs" c="dimmed">
              {meta}
            </Text>
          ) : null}
          {children}
        </Stack>
      </Group>
      {actions ? (
        <Group gap={6} mt="xs" justify="flex-end">
          {actions}
        </Group>
      ) : null}
    </Paper>
  );
}
