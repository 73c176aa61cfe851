/**
 * View Categories (admin; spec §2): type, name, default flag, Edit and Delete. Delete only shows
 * the info notice "To enable this action you need to contact developer" and changes nothing (§8).
 */
import { Badge, Button, Group, Paper, SegmentedControl, Text } from "@mantine/core";
import { type Category, TEXT } from "@market/contract";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { notifyInfo } from "../../../lib/notify";
import { useCategories } from "../../../lib/queries/categories";
import { type ListColumn, ListTable } from "../components/list-table";
import { PageHeader } from "../components/page-header";
import { RoleGate } from "../components/role-gate";
import { BO } from "../lib/nav";

function CategoriesList() {
  const q = useCategories();
  const [type, setType] = useState("all");
  const rows = (q.data ?? []).filter((c) => type === "all" || c.type === type);
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

  const columns: ListColumn<Category>[] = [
    {
      label: "Type",
      cell: (c) => (
        <Badge style={{ minWidth: "fit-content" }} variant="light" color={c.type === "services" ? "grape" : "blue"}>
          {c.type}
        </Badge>
      ),
    },
    { label: "Name", phone: "title", cell: (c) => <Text fw={500}>{c.name}</Text> },
    {
      label: "Default",
      cell: (c) =>
        c.is_default ? (
          <Badge style={{ minWidth: "fit-content" }} color="green">
            Yes
          </Badge>
        ) : (
          <Badge style={{ minWidth: "fit-content" }} color="gray" variant="light">
            No
          </Badge>
        ),
    },
    { label: "Actions", phone: "actions", cell: (c) => actions(c._id) },
  ];

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
        <ListTable
          query={q}
          rows={rows}
          rowKey={(c) => c._id}
          columns={columns}
          testId="categories-table"
          rowTestId="category-row"
          minWidth={560}
          empty="No categories."
        />
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
