/**
 * The storefront's confirmation before a one-click loss (clearing the cart, deleting an address):
 * the question with the spec's "Yes Proceed" / "Leave" (§8, as the back office's confirm.tsx asks
 * before a delete). A Mantine Modal loaded on first open (ADR 0051), owned by the page that asks,
 * so it opens whenever the button is pressed (no global modals manager to mount first).
 */
import { Button, Group } from "@mantine/core";
import { TEXT } from "@market/contract";
import type { ReactNode } from "react";
import { LazyModal } from "./lazy-overlay";

export function ConfirmDialog({
  opened,
  title,
  children,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children?: ReactNode;
  /** Runs after the dialog closes. */
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <LazyModal opened={opened} onClose={onClose} title={title} centered>
      {children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {TEXT.confirm.no}
        </Button>
        <Button
          color="red"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {TEXT.confirm.yes}
        </Button>
      </Group>
    </LazyModal>
  );
}
