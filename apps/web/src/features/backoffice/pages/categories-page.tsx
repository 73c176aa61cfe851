/**
 * View Categories (admin; spec §2): type, name, default flag, Edit and Delete. Delete only shows
 * the info notice "To enable this action you need to contact developer" and changes nothing (§8).
 */
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Table } from "@mantine/core";
import { TEXT } from "@market/contract";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { notifyInfo } from "../../../lib/notify";
import { useCategories } from "../../../lib/queries/categories";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { RowCard } from "../components/row-card";
import { BO } from "../lib/nav";
import { useIsPhone } from "../lib/use-is-phone";

function CategoriesList() {
  const q = useCategories();
  const [type, setType] = useState("all");
  const rows = (q.data ?? []).filter((c) => type === "all" || c.type === type);
  const phone = useIsPhone();
  const actions = (id: string) => (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" component={Link} to={`${BO}/update_categories/${id}`} leftSection={<IconEdit size={14} />}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => notifyInfo(TEXT.alerts.categoryDeleteInfo, "Info")}
      >
        Delete
      </Button>
    </Group>
  );

  return (
    <>
      <PageHeader
        title="View Categories"
        subtitle={q.data ? `${q.data.length} categories` : undefined}
        actions={
          <Button component={Link} to={`${BO}/add_categories`} leftSection={<IconPlus size={16} />}>
            Add New
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SegmentedControl
          mb="md"
          value={type}
          onChange={setType}
          data={[
            { value: "all", label: "All" },
            { value: "market-place", label: "Market place" },
            { value: "services", label: "Services" },
          ]}
        />
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => q.refetch()} />
        ) : rows.length === 0 ? (
          <Empty>No categories.</Empty>
        ) : phone ? (
          <Stack gap="xs">
            {rows.map((c) => (
              <RowCard
                key={c._id}
                testId="category-row"
                title={c.name}
                meta={`${c.type}${c.is_default ? " · default" : ""}`}
                actions={actions(c._id)}
              />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="categories-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Default</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c._id} data-testid="category-row">
                    <Table.Td>
                      <Badge style={{ minWidth: "fit-content" }} variant="light" color={c.type === "services" ? "grape" : "blue"}>
                        {c.type}
                      </Badge>
                    </Table.Td>
                    <Table.Td fw={500}>{c.name}</Table.Td>
                    <Table.Td>
                      {c.is_default ? (
                        <Badge style={{ minWidth: "fit-content" }} color="green">
                          Yes
                        </Badge>
                      ) : (
                        <Badge style={{ minWidth: "fit-content" }} color="gray" variant="light">
                          No
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{actions(c._id)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </>
  );
}

export default function CategoriesPage() {
  return (
    <RoleGate roles={["admin"]}>
      <CategoriesList />
    </RoleGate>
  );
}
