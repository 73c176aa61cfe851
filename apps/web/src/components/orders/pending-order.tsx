/**
 * The shopper's order still awaiting payment (ADR 0136), on the cart and the account page: its
 * amount and the time left in its window, and "Continue payment", which opens the Bank Transfer
 * modal with the same transfer details again (after a reload, or on coming back). Nothing when
 * there is none; it disappears when the window ends, the order is paid or cancelled. The modal's
 * code (copy buttons with tooltips, the transfer form) loads on the first "Continue payment": the
 * cart and account pages draw without it (ADR 0147). A card order's "Continue payment" goes back to
 * Paystack's page for the same reference and total instead (or to the order, paid meanwhile; ADR 0223).
 */
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { formatNaira, type TransferForm } from "@market/contract";
import { IconClockHour4 } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useState } from "react";
import { pendingTransferQuery, usePendingTransfer } from "../../lib/queries/orders";
import { Countdown } from "./countdown";

/** A card order's button (ADR 0223): its own chunk, loaded only for a card order. */
const ContinueCardButton = lazy(() => import("./continue-card"));
const BankTransferModal = lazy(() => import("./bank-transfer-modal").then((m) => ({ default: m.BankTransferModal })));

export function PendingOrder({ enabled }: { enabled: boolean }) {
  const pending = usePendingTransfer(enabled);
  const qc = useQueryClient();
  const [record, setRecord] = useState<TransferForm | null>(null);
  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: pendingTransferQuery().queryKey }), [qc]);
  const close = useCallback(() => {
    setRecord(null);
    refresh();
  }, [refresh]);
  const order = pending.data;
  // Mounted from the first opening on, so the modal's closing transition plays.
  const [opened, setOpened] = useState(false);
  if (record && !opened) setOpened(true);

  return (
    <>
      {order && !record ? (
        <Card withBorder radius="md" padding="md" mb="lg" data-testid="pending-order" bg="yellow.0">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconClockHour4 size={24} aria-hidden />
              <Stack gap={2}>
                <Text fw={700}>You have an order awaiting payment: {formatNaira(order.amount)}</Text>
                <Countdown target={Date.parse(order.expires_at)} onExpire={refresh} quiet fz="sm" />
              </Stack>
            </Group>
            {order.payment_type === "card" ? (
              <Suspense fallback={null}>
                <ContinueCardButton orderId={order.order_id} />
              </Suspense>
            ) : (
              <Button onClick={() => setRecord(order)}>Continue payment</Button>
            )}
          </Group>
        </Card>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <BankTransferModal record={record} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
