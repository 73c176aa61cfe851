/** A titled dashboard card with an icon and an optional element on the right of its title, and the cards' small table. */
import { Card, Group, Table, ThemeIcon, Title } from "@mantine/core";
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

/** A column title of a card's table; `visibleFrom: "sm"` hides the column on phones. */
type Column = string | { title: string; visibleFrom: "sm" };

/** A card's small table: the column titles, then `children`, the body's rows. */
export function CardTable({ columns, children }: { columns: Column[]; children: ReactNode }) {
  return (
    <Table verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) =>
            typeof c === "string" ? (
              <Table.Th key={c}>{c}</Table.Th>
            ) : (
              <Table.Th key={c.title} visibleFrom={c.visibleFrom}>
                {c.title}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}
