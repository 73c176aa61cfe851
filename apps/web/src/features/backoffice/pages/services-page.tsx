/**
 * View Services (spec §2): the seller's own services with image, category, description (cut to
 * 20 characters), Edit and Delete ("Do you want to delete this service?"). The "Add New" link
 * points to /admin/dashboard/add_Services as the spec says (the router redirects it).
 */
import { Anchor, Badge, Button, Group, Image, Paper, Stack, Table, Text } from "@mantine/core";
import { imageThumbUrl, TEXT, TRUNCATE, truncate } from "@market/contract";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { LoadMore } from "../../../components/load-more";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeleteItem, useMyItems } from "../api/items";
import { confirmDelete } from "../components/confirm";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { RowCard } from "../components/row-card";
import { BO } from "../lib/nav";
import { useIsPhone } from "../lib/use-is-phone";

function ServicesView() {
  const q = useMyItems("services");
  const del = useDeleteItem("services");
  const rows = q.data?.pages.flatMap((p) => p.products) ?? [];
  const total = q.data?.pages[0]?.total;
  const phone = useIsPhone();

  const onDelete = (id: string) =>
    confirmDelete(TEXT.confirm.deleteService, () =>
      del.mutate(id, { onSuccess: (res) => notifySuccess(res.message || TEXT.success.deleted), onError: (e) => notifyError(e) }),
    );

  const actions = (id: string) => (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" component={Link} to={`${BO}/update_Service/${id}`} leftSection={<IconEdit size={14} />}>
        Edit
      </Button>
      <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(id)}>
        Delete
      </Button>
    </Group>
  );

  return (
    <>
      <PageHeader
        title="View Services"
        subtitle={total !== undefined ? `${total} service${total === 1 ? "" : "s"}` : undefined}
        actions={
          <Button component={Link} to="/admin/dashboard/add_Services" leftSection={<IconPlus size={16} />}>
            Add New
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => q.refetch()} />
        ) : rows.length === 0 ? (
          <Empty>You have no services yet.</Empty>
        ) : phone ? (
          <Stack gap="xs">
            {rows.map((s) => (
              <RowCard
                key={s._id}
                testId="service-row"
                image={s.image_urls[0] ?? null}
                title={`#${s.category_name}`}
                meta={`${s.stars} ★ from ${s.reactions.length} rating${s.reactions.length === 1 ? "" : "s"}${s.listed ? "" : " · not public yet"}`}
                actions={actions(s._id)}
              >
                <Text fz="xs">{truncate(s.body, TRUNCATE.backOfficeList)}</Text>
              </RowCard>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="services-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Image</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Rating</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s._id} data-testid="service-row">
                    <Table.Td>
                      <Image
                        src={imageThumbUrl(s.image_urls[0])}
                        alt={s.category_name}
                        w={56}
                        h={56}
                        radius="sm"
                        fit="cover"
                        fallbackSrc="/favicon.svg"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/product/services/${s._id}`} fz="sm" fw={500}>
                        #{s.category_name}
                      </Anchor>
                      {!s.listed ? (
                        <Text fz="xs" c="orange.8">
                          Not public yet
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{truncate(s.body, TRUNCATE.backOfficeList)}</Table.Td>
                    <Table.Td>
                      <Badge style={{ minWidth: "fit-content" }} variant="light" color="yellow">
                        {s.stars} ★ ({s.reactions.length})
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          component={Link}
                          to={`${BO}/update_Service/${s._id}`}
                          leftSection={<IconEdit size={14} />}
                        >
                          Edit
                        </Button>
                        <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(s._id)}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <LoadMore list={q} />
      </Paper>
    </>
  );
}

export default function ServicesPage() {
  return (
    <RoleGate roles={["business"]}>
      <ServicesView />
    </RoleGate>
  );
}
