/** A titled dashboard card with an icon and an optional element on the right of its title. */
import { Card, Group, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function Section({
  title,
  icon,
  children,
  testId,
  right,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
  right?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Group gap={8}>
          <ThemeIcon size={28} radius="md" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={3} fz="md">
            {title}
          </Title>
        </Group>
        {right}
      </Group>
      {children}
    </Card>
  );
}
