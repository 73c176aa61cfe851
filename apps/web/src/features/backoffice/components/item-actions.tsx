/**
 * Edit and Delete of one of the seller's own items (spec §2 "View Products" / "View Services"):
 * Edit opens its form; Delete asks the spec's question first, then deletes it and says so.
 */
import { Button, Group } from "@mantine/core";
import { type CategoryType, TEXT } from "@market/contract";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeleteItem } from "../api/items";
import { BO } from "../lib/nav";
import { confirmDelete } from "./confirm";

const EDIT_PATH: Record<CategoryType, string> = { "market-place": "update_products", services: "update_Service" };
const QUESTION: Record<CategoryType, string> = { "market-place": TEXT.confirm.deleteProduct, services: TEXT.confirm.deleteService };

export function ItemActions({ type, id }: { type: CategoryType; id: string }) {
  const del = useDeleteItem(type);
  const onDelete = () =>
    confirmDelete(QUESTION[type], () =>
      del.mutate(id, { onSuccess: (res) => notifySuccess(res.message || TEXT.success.deleted), onError: (e) => notifyError(e) }),
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" component={Link} to={`${BO}/${EDIT_PATH[type]}/${id}`} leftSection={<IconEdit size={14} />}>
        Edit
      </Button>
      <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}
