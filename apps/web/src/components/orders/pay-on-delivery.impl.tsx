/**
 * The order page's pay-on-delivery panel (ADR 0220, 0221), loaded only for such an order:
 * - the buyer: "Pay the courier ₦X on delivery", that the 6-digit code was sent and "Send the code
 *   again" (a minute apart, at most 5 times: the server says so);
 * - the seller: the cash to collect, the buyer's code to enter ("Delivered and paid"), and
 *   "Refused at delivery (not paid)" (asked first); a locked delivery says the admin unlocks it;
 * - the admin: each seller's delivery, and "Unlock" for one locked by five wrong codes.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  formatNaira,
  type OrderView,
  type PayOnDeliveryAnswer,
  POD_CODE_LENGTH,
  POD_MESSAGES,
  type PodDelivery,
  payTheCourier,
} from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../lib/api";
import { toldAfter } from "../../lib/notify";
import { orderKeys } from "../../lib/queries/orders";
import { ConfirmDialog } from "../confirm-dialog";
import { when } from "./when";

const STATUS: Record<PodDelivery["status"], { label: string; color: string }> = {
  awaiting: { label: "To collect", color: "yellow" },
  paid: { label: "Paid on delivery", color: "green" },
  refused: { label: "Refused at delivery", color: "red" },
  cancelled: { label: "Cancelled", color: "gray" },
};

/** One POST of the panel; the order is read again after it. */
function usePodAction(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) => api<PayOnDeliveryAnswer>(path, { method: "POST", body }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.one(orderId) }),
  });
}

function DeliveryRow({ d, children }: { d: PodDelivery; children?: React.ReactNode }) {
  const s = STATUS[d.status];
  return (
    <Stack gap={6} data-testid="pod-delivery">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fz="sm">
          {d.seller_name}: <b>{formatNaira(d.amount)}</b>
        </Text>
        <Badge color={s.color} variant="light">
          {d.locked && d.status === "awaiting" ? "Code locked" : s.label}
        </Badge>
      </Group>
      {children}
    </Stack>
  );
}

function SellerEntry({ orderId, d }: { orderId: string; d: PodDelivery }) {
  const action = usePodAction(orderId);
  const [code, setCode] = useState("");
  const [askRefused, setAskRefused] = useState(false);
  if (d.status !== "awaiting") return null;
  if (d.locked) return <Alert color="red">{POD_MESSAGES.locked}</Alert>;
  const valid = new RegExp(`^\\d{${POD_CODE_LENGTH}}$`).test(code);
  return (
    <Stack gap="xs">
      <Text fz="sm">Collect {formatNaira(d.amount)} in cash, then enter the 6-digit code the buyer received by SMS.</Text>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label="Buyer's delivery code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={POD_CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ""))}
          description={`${d.tries_left} ${d.tries_left === 1 ? "try" : "tries"} left`}
          maw={220}
        />
        <Button
          disabled={!valid}
          loading={action.isPending && action.variables?.path.endsWith("/check")}
          onClick={() =>
            action.mutate(
              { path: `/api/orders/${orderId}/delivery-code/check`, body: { code } },
              toldAfter(() => setCode("")),
            )
          }
        >
          Delivered and paid
        </Button>
      </Group>
      <Group>
        <Button variant="subtle" color="red" onClick={() => setAskRefused(true)}>
          Refused at delivery (not paid)
        </Button>
      </Group>
      <ConfirmDialog
        opened={askRefused}
        title="Refused at delivery?"
        onClose={() => setAskRefused(false)}
        onConfirm={() => action.mutate({ path: `/api/orders/${orderId}/refused` }, toldAfter())}
      >
        <Text fz="sm">
          Your items of this order are cancelled and go back on sale; no money moves. The refusal counts against the buyer.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

export default function PayOnDeliveryPanel({ order }: { order: OrderView }) {
  const pod = order.pay_on_delivery;
  const action = usePodAction(order._id);
  if (!pod) return null;
  const buyer = order.view === "buyer";
  const couriers = pod.deliveries.filter((d) => d.status === "awaiting").length;
  const open = couriers > 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid="pod-panel">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Pay on delivery
        </Title>
        {buyer ? (
          <>
            {open ? (
              <Text fw={700} data-testid="pod-pay">
                {/* Each seller's courier collects only their part: the rows below say how much. */}
                {couriers > 1
                  ? `Pay ${formatNaira(pod.amount)} in all: each courier collects the amount of their seller below`
                  : payTheCourier(pod.amount)}
              </Text>
            ) : null}
            {open ? (
              <>
                <Text fz="sm" data-testid="pod-code-sent">
                  Your 6-digit delivery code was sent to your phone by SMS{pod.code_sent_at ? ` ${when(pod.code_sent_at)}` : ""}. Give it to
                  the courier only once you have your items.
                </Text>
                {pod.resend_at ? (
                  <Group>
                    <Button
                      variant="light"
                      loading={action.isPending}
                      onClick={() => action.mutate({ path: `/api/orders/${order._id}/delivery-code` }, toldAfter())}
                    >
                      Send the code again
                    </Button>
                  </Group>
                ) : null}
              </>
            ) : null}
          </>
        ) : null}
        {pod.deliveries.map((d) => (
          <DeliveryRow key={d.seller_id} d={d}>
            {order.view === "seller" ? <SellerEntry orderId={order._id} d={d} /> : null}
            {/* The seller's word alone marks it refused: the buyer may say otherwise until contest_until (ADR 0221). */}
            {buyer && d.contest_until ? (
              <Group>
                <Button
                  variant="light"
                  color="red"
                  loading={action.isPending}
                  onClick={() =>
                    action.mutate({ path: `/api/orders/${order._id}/refusal/contest`, body: { seller_id: d.seller_id } }, toldAfter())
                  }
                >
                  I did not refuse it
                </Button>
              </Group>
            ) : null}
            {d.contested ? (
              <Text fz="sm" c="dimmed">
                The buyer says they did not refuse it: the store is looking into it.
              </Text>
            ) : null}
            {order.view === "admin" && d.locked && d.status === "awaiting" ? (
              <Group>
                <Button
                  variant="light"
                  color="orange"
                  loading={action.isPending}
                  onClick={() =>
                    action.mutate(
                      { path: `/api/admin/orders/${order._id}/delivery-code/unlock`, body: { seller_id: d.seller_id } },
                      toldAfter(),
                    )
                  }
                >
                  Unlock the code for {d.seller_name}
                </Button>
              </Group>
            ) : null}
          </DeliveryRow>
        ))}
      </Stack>
    </Paper>
  );
}
