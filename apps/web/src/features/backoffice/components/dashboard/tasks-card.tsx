/** To-dos derived from the figures, each linking to the back-office page where it is done ("To do" / "Done"). */
import { Anchor, Badge, Table } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { IconChecklist } from "@tabler/icons-react";
import { Link } from "react-router";
import { CardTable, Section } from "./section";

export function TasksCard({ tasks }: { tasks: DashboardData["tasks"] }) {
  return (
    <Section title="Tasks" icon={<IconChecklist size={16} />} testId="card-tasks">
      <CardTable columns={["Task", "Count", "Status"]}>
        {tasks.map((t) => (
          <Table.Tr key={t.key} data-testid={`task-${t.key}`}>
            <Table.Td>
              {t.count > 0 ? (
                <Anchor component={Link} to={t.link} fz="sm">
                  {t.title}
                </Anchor>
              ) : (
                t.title
              )}
            </Table.Td>
            <Table.Td>{t.count}</Table.Td>
            <Table.Td>
              <Badge style={{ minWidth: "fit-content" }} size="sm" variant="light" color={t.count > 0 ? "orange" : "green"}>
                {t.count > 0 ? "To do" : "Done"}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </CardTable>
    </Section>
  );
}
