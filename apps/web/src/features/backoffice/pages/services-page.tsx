/**
 * View Services (spec §2): the seller's own services with image, category, description (cut to
 * 20 characters), Edit and Delete ("Do you want to delete this service?"). The "Add New" link
 * points to /admin/dashboard/add_Services as the spec says (the router redirects it).
 */
import { Anchor, Badge, Button, Image, Paper, Text } from "@mantine/core";
import { imageThumbUrl, type PostListAnswer, TRUNCATE, truncate } from "@market/contract";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { useMyItems } from "../api/items";
import { ItemActions } from "../components/item-actions";
import { type ListColumn, ListTable } from "../components/list-table";
import { PageHeader } from "../components/page-header";
import { RoleGate } from "../components/role-gate";

type Service = PostListAnswer["products"][number];

function ServicesView() {
  const q = useMyItems("services");
  const rows = q.data?.pages.flatMap((p) => p.products) ?? [];
  const total = q.data?.pages[0]?.total;

  const columns: ListColumn<Service>[] = [
    {
      label: "Image",
      phone: "image",
      cell: (s) => (
        <Image
          src={imageThumbUrl(s.image_urls[0])}
          alt={s.category_name}
          w={56}
          h={56}
          radius="sm"
          fit="cover"
          fallbackSrc="/favicon.svg"
        />
      ),
    },
    {
      label: "Category",
      phone: "title",
      cell: (s) => (
        <>
          <Anchor component={Link} to={`/product/services/${s._id}`} fz="sm" fw={500}>
            #{s.category_name}
          </Anchor>
          {!s.listed ? (
            <Text fz="xs" c="orange.8">
              Not public yet
            </Text>
          ) : null}
        </>
      ),
    },
    { label: "Description", cell: (s) => truncate(s.body, TRUNCATE.backOfficeList) },
    {
      label: "Rating",
      cell: (s) => (
        <Badge style={{ minWidth: "fit-content" }} variant="light" color="yellow">
          {s.stars} ★ ({s.reactions.length})
        </Badge>
      ),
    },
    { label: "Actions", phone: "actions", cell: (s) => <ItemActions type="services" id={s._id} /> },
  ];

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
        <ListTable
          query={q}
          rows={rows}
          rowKey={(s) => s._id}
          columns={columns}
          testId="services-table"
          rowTestId="service-row"
          minWidth={620}
          empty="You have no services yet."
        />
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
