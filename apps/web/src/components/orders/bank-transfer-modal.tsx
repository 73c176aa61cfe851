/**
 * Bank Transfer modal (spec §2, §4, §8, §9): no backdrop, a 15-minute countdown, the record's
 * order's number, the client_account_no and the transfer reference for the narration (each click to
 * copy, "Copied" for 2 seconds; ADR 0177), client_bank, client_account_name and
 * amount; "I have made payment" and "Cancle", which asks first ("Cancel this order? Its items go back
 * on sale.", ADR 0187) and then releases the order. Success (once useSubmitTransfer has emptied the local
 * cart and read the user and the orders again) closes the modal, says "Success" and goes home; a 400/403/500 shows "Failed"
 * with the server's message; when the server says the order can no longer be paid (cancelled,
 * expired, rejected: 404/409), the countdown stops and the modal says so, with Close. At 0 the
 * countdown closes it with "Ooops" / "Session Expired".
 */
import { Button, Group, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { COPIED_RESET_MS, TEXT, type TransferForm } from "@market/contract";
import { IconCopy } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { naira2 } from "../../lib/money";
import { notifyError, notifySuccess } from "../../lib/notify";
import { orderClosed, useCancelTransfer, useRefreshOrders, useSubmitTransfer } from "../../lib/queries/order-payment";
import { ConfirmDialog } from "../confirm-dialog";
import { LazyModal as Modal } from "../lazy-overlay";
import { Countdown } from "./countdown";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py={6} style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div style={{ textAlign: "right", minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/** A value to type into the banking app, copied on a tap ("Copied" for 2 seconds, Mantine useClipboard). */
function CopyValue({ value, what, testId }: { value: string; what: string; testId: string }) {
  const clipboard = useClipboard({ timeout: COPIED_RESET_MS });
  return (
    <Tooltip label={TEXT.buttons.copied} opened={clipboard.copied} withArrow position="top">
      <UnstyledButton onClick={() => clipboard.copy(value)} aria-label={`Copy ${what} ${value}`} data-testid={testId}>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Text fw={800} fz="xl" ff="monospace" lts={1}>
            {value}
          </Text>
          <IconCopy size={16} />
          <Text size="xs" c={clipboard.copied ? "naija.8" : "dimmed"} fw={600} miw={44}>
            {clipboard.copied ? TEXT.buttons.copied : "Copy"}
          </Text>
        </Group>
      </UnstyledButton>
    </Tooltip>
  );
}

export function BankTransferModal({ record, onClose }: { record: TransferForm | null; onClose: () => void }) {
  const submit = useSubmitTransfer();
  const cancel = useCancelTransfer();
  const refreshOrders = useRefreshOrders();
  const navigate = useNavigate();
  const busy = submit.isPending || cancel.isPending;
  // Why this order can no longer be paid, once the server said so: the countdown stops.
  const [closed, setClosed] = useState<string | null>(null);
  // "Cancle" releases the order's items: asked first, since a tap meant to close the box loses the hold.
  const [askCancel, setAskCancel] = useState(false);
  const orderId = record?.order_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order starts open
  useEffect(() => setClosed(null), [orderId]);

  const expire = useCallback(() => {
    refreshOrders();
    onClose();
  }, [onClose, refreshOrders]);

  // The cart, the user and the orders are brought up to date by the hooks (lib/queries/orders.ts).
  const paid = async () => {
    if (!record) return;
    try {
      const res = await submit.mutateAsync(record);
      onClose();
      notifySuccess(res.message);
      navigate("/");
    } catch (err) {
      if (orderClosed(err)) setClosed(err.message);
      else notifyError(err, TEXT.alerts.failedTitle);
    }
  };

  const cancelOrder = async () => {
    if (!record) return;
    try {
      await cancel.mutateAsync(record.order_id);
    } catch (err) {
      notifyError(err, TEXT.alerts.failedTitle);
    }
    onClose();
  };

  return (
    <Modal
      opened={!!record}
      onClose={() => setAskCancel(true)}
      withOverlay={false}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      shadow="xl"
      radius="md"
      size="md"
      title={
        <Text fw={800} fz="lg">
          Bank Transfer
        </Text>
      }
      styles={{ content: { border: "1px solid var(--mantine-color-gray-3)" } }}
    >
      {record ? (
        <Stack gap="sm" data-testid="bank-transfer-modal">
          {closed ? (
            <Text role="alert" fw={700} c="red.8" data-testid="transfer-closed">
              Payment not recorded: {closed}
            </Text>
          ) : (
            <Countdown target={Date.parse(record.expires_at)} onExpire={expire} fw={700} c="red" />
          )}
          <Text size="sm">
            Transfer the exact amount from account {record.account_no} to the account below, then tap "{TEXT.buttons.madePayment}". Your
            items are held until the timer ends.
          </Text>
          <Text size="sm" fw={600} data-testid="transfer-reference-note">
            Order {record.number}: write the reference {record.reference} in the transfer's narration (description), so we can match your
            payment.
          </Text>
          <div>
            <Row label="Account number">
              <CopyValue value={record.client_account_no} what="account number" testId="copy-account-no" />
            </Row>
            <Row label="Reference">
              <CopyValue value={record.reference} what="reference" testId="copy-reference" />
            </Row>
            <Row label="Bank">
              <Text fw={600}>{record.client_bank}</Text>
            </Row>
            <Row label="Account name">
              <Text fw={600}>{record.client_account_name}</Text>
            </Row>
            <Row label="Amount">
              <Text fw={800} fz="lg" data-testid="transfer-amount">
                {naira2(record.amount)}
              </Text>
            </Row>
          </div>
          <Stack gap="xs">
            {closed ? (
              <Button variant="default" onClick={onClose} fullWidth>
                Close
              </Button>
            ) : (
              <>
                <Button onClick={paid} loading={submit.isPending} disabled={busy} size="md" fullWidth>
                  {TEXT.buttons.madePayment}
                </Button>
                <Button variant="default" onClick={() => setAskCancel(true)} disabled={busy} fullWidth>
                  {cancel.isPending ? TEXT.buttons.processing : TEXT.buttons.cancel}
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={askCancel && !!record}
        title={TEXT.pages.cancelOrderTitle}
        onConfirm={() => void cancelOrder()}
        onClose={() => setAskCancel(false)}
      >
        <Text size="sm">{TEXT.pages.cancelOrderText}</Text>
      </ConfirmDialog>
    </Modal>
  );
}
