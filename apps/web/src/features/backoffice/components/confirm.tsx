/**
 * The back office's confirmation dialogs (spec §8: "Do you want to delete this product?" / "service?"
 * with "Yes Proceed" / "Leave"; the admin's transfer confirm/reject).
 *
 * The app's Mantine modals manager lives in a lazy chunk (ADR 0051) and drops any `modals.*` call
 * made before it mounts: on a cached revisit the list rendered first, and a quick tap on Delete
 * opened nothing. The back office therefore keeps its own host, mounted by its layout before any
 * page, so a confirmation asked for at any time opens.
 */
import { Button, Group, Modal } from "@mantine/core";
import { TEXT } from "@market/contract";
import { type ReactNode, useLayoutEffect, useState } from "react";

export type ConfirmRequest = {
  title: string;
  children?: ReactNode;
  labels: { confirm: string; cancel: string };
  /** Mantine colour of the confirm button. */
  color?: string;
  onConfirm: () => void;
};

let show: ((request: ConfirmRequest) => void) | null = null;

/** Open a confirmation dialog (needs a mounted `ConfirmHost`, which the back-office layout provides). */
export function askConfirm(request: ConfirmRequest): void {
  if (show) show(request);
  else if (import.meta.env.DEV) console.error("askConfirm: no ConfirmHost is mounted");
}

/** The spec's delete confirmation (§8): the question with "Yes Proceed" / "Leave". */
export function confirmDelete(question: string, onConfirm: () => void): void {
  askConfirm({ title: question, labels: { confirm: TEXT.confirm.yes, cancel: TEXT.confirm.no }, color: "red", onConfirm });
}

/** Renders the dialog asked for by `askConfirm` / `confirmDelete`. Mount once, above the pages. */
export function ConfirmHost() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);

  // A layout effect: registered before the browser paints, so before any click can happen.
  useLayoutEffect(() => {
    const open = (r: ConfirmRequest) => {
      setRequest(r);
      setOpened(true);
    };
    show = open;
    return () => {
      if (show === open) show = null;
    };
  }, []);

  const close = () => setOpened(false);
  return (
    <Modal opened={opened} onClose={close} title={request?.title} centered>
      {request?.children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          {request?.labels.cancel}
        </Button>
        <Button
          color={request?.color ?? "red"}
          onClick={() => {
            close();
            request?.onConfirm();
          }}
        >
          {request?.labels.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
