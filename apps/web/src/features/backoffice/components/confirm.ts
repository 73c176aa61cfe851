/** The spec's delete confirmation (§8): the question with "Yes Proceed" / "Leave". */
import { modals } from "@mantine/modals";
import { TEXT } from "@market/contract";

export function confirmDelete(question: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: question,
    centered: true,
    labels: { confirm: TEXT.confirm.yes, cancel: TEXT.confirm.no },
    confirmProps: { color: "red" },
    onConfirm,
  });
}
