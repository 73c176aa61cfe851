/**
 * The admin's refund of a paid order (ADR 0093), from Transactions: the whole order (every item's
 * remainder and the shipping) or one item, all that is left of it or part, with the reason kept
 * for the buyer. It reverses the seller's share and the commission; the money itself goes back to
 * the buyer by bank transfer, which the dialog says before the admin confirms.
 */
import { Alert, Button, Group, List, Modal, NativeSelect, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { FINANCE_MESSAGES, formatNaira, type RefundableOrder, RefundBody } from "@market/contract";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useRefund, useRefundable } from "../api/finance";
import { LoadError, Loading } from "./query-state";

/** The form's fields are the body's (`line_id` "" is the whole order, `amount` "" all that is left). */
type Values = { line_id: string; amount: number | string; reason: string };

const orderNo = (id: string) => id.slice(0, 8).toUpperCase();
const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

function RefundForm({ order, buyer, onDone }: { order: RefundableOrder; buyer: string; onDone: () => void }) {
  const refund = useRefund();
  const wholeAmount = order.lines.reduce((s, l) => s + l.refundable, 0) + order.shipping_refundable;
  const toBody = (v: Values): RefundBody => ({
    order_id: order.order_id,
    reason: v.reason,
    ...(v.line_id ? { line_id: v.line_id, ...(v.amount === "" ? {} : { amount: Number(v.amount) }) } : {}),
  });
  const form = useSchemaForm<Values>(RefundBody, { initialValues: { line_id: "", amount: "", reason: "" }, toBody });
  const line = order.lines.find((l) => l._id === form.values.line_id);
  const typed = Number(form.values.amount);
  const amount = line ? (form.values.amount !== "" && typed > 0 ? typed : line.refundable) : wholeAmount;

  // More than is left of the item is the server's to refuse: it knows what was refunded since.
  const submit = form.submitWith((v) => refund.mutateAsync(toBody(v)), {
    onSuccess: (res) => {
      notifySuccess(res.message);
      onDone();
    },
  });

  if (wholeAmount <= 0) {
    return (
      <Stack gap="sm">
        <Text fz="sm">{FINANCE_MESSAGES.nothingRefundable}.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const targets = [
    { value: "", label: `Whole order (${formatNaira(wholeAmount)})` },
    ...order.lines.map((l) => ({
      value: l._id,
      label: `${l.name} x${l.quantity} (${formatNaira(l.refundable)} left)`,
      disabled: l.refundable <= 0,
    })),
  ];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="What to refund"
          description={line ? `Sold by ${line.seller.names}.` : "Every item not yet refunded, and the shipping."}
          data={targets}
          {...form.getInputProps("line_id")}
          onChange={(e) => {
            form.setFieldValue("line_id", e.currentTarget.value);
            form.setFieldValue("amount", "");
          }}
        />
        {line ? (
          <NumberInput
            label="Amount"
            description={`Leave it empty to refund all that is left of this item (${formatNaira(line.refundable)}).`}
            prefix="₦"
            thousandSeparator=","
            decimalScale={2}
            min={0}
            {...form.getInputProps("amount")}
          />
        ) : null}
        <Textarea label="Reason" description="The buyer sees it on their order." minRows={2} {...form.getInputProps("reason")} />
        {order.refunds.length ? (
          <div>
            <Text fz="xs" c="dimmed">
              Already refunded
            </Text>
            <List size="xs" spacing={2}>
              {order.refunds.map((r) => (
                <List.Item key={r._id}>
                  {formatNaira(r.amount)} on {dateFmt.format(new Date(r.createdAt))}: {r.reason}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          <Text fz="sm">
            This takes {formatNaira(amount)} back from the seller's share and the store's commission. Then send it to {buyer}'s bank account
            yourself.
          </Text>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Leave
          </Button>
          <Button type="submit" color="orange" loading={refund.isPending}>
            Refund {formatNaira(amount)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RefundLoader({ orderId, buyer, onDone }: { orderId: string; buyer: string; onDone: () => void }) {
  const q = useRefundable(orderId);
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  return <RefundForm order={q.data} buyer={buyer} onDone={onDone} />;
}

/** The refund dialog of one paid order; `order` null keeps it closed. */
export function RefundDialog({
  order,
  onClose,
}: {
  /** The order to refund: its id, its number ("NM-26-000123") when known, its buyer's name. */
  order: { _id: string; number?: string; buyer: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Refund order ${order.number ?? orderNo(order._id)}?` : ""} centered>
      {order ? <RefundLoader orderId={order._id} buyer={order.buyer} onDone={onClose} /> : null}
    </Modal>
  );
}
