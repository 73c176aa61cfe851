/**
 * The admin's refund of a paid order (ADR 0093), from Transactions: the whole order (every item's
 * remainder and the shipping) or one item, all that is left of it or part, with the reason kept
 * for the buyer. It reverses the seller's share and the commission; the money itself goes back to
 * the buyer by bank transfer, which the dialog says before the admin confirms.
 */
import { Alert, Button, Group, List, Modal, NativeSelect, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { FINANCE_MESSAGES, formatNaira, type RefundableOrder } from "@market/contract";
import { IconAlertTriangle } from "@tabler/icons-react";
import { ApiError } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useRefund, useRefundable } from "../api/finance";
import { LoadError, Loading } from "./query-state";

const WHOLE = "order";
type Values = { target: string; amount: number | string; reason: string };

const orderNo = (id: string) => id.slice(0, 8).toUpperCase();
const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

function RefundForm({ order, buyer, onDone }: { order: RefundableOrder; buyer: string; onDone: () => void }) {
  const refund = useRefund();
  const wholeAmount = order.lines.reduce((s, l) => s + l.refundable, 0) + order.shipping_refundable;
  const lineOf = (target: string) => order.lines.find((l) => l._id === target);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { target: WHOLE, amount: "", reason: "" },
    validate: {
      amount: (v, values) => {
        const line = lineOf(values.target);
        if (!line || v === "") return null;
        if (typeof v !== "number" || v <= 0) return "Enter an amount above ₦0, or leave it empty for all that is left.";
        return v > line.refundable ? FINANCE_MESSAGES.aboveRefundable(line.refundable) : null;
      },
      reason: (v) => (v.trim().length < 3 || v.trim().length > 300 ? FINANCE_MESSAGES.reasonNeeded : null),
    },
  });
  const line = lineOf(form.values.target);
  const amount = line
    ? typeof form.values.amount === "number" && form.values.amount > 0
      ? form.values.amount
      : line.refundable
    : wholeAmount;

  const submit = form.onSubmit((v) => {
    const body = {
      order_id: order.order_id,
      reason: v.reason.trim(),
      ...(line ? { line_id: line._id, ...(typeof v.amount === "number" ? { amount: v.amount } : {}) } : {}),
    };
    refund.mutate(body, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          if (err.errors.amount) form.setFieldError("amount", err.errors.amount);
          if (err.errors.reason) form.setFieldError("reason", err.errors.reason);
          if (err.errors.line_id) form.setFieldError("target", err.errors.line_id);
          if (Object.keys(err.errors).length) return;
        }
        notifyError(err);
      },
    });
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
    { value: WHOLE, label: `Whole order (${formatNaira(wholeAmount)})` },
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
          {...form.getInputProps("target")}
          onChange={(e) => {
            form.setFieldValue("target", e.currentTarget.value);
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

function RefundBody({ orderId, buyer, onDone }: { orderId: string; buyer: string; onDone: () => void }) {
  const q = useRefundable(orderId);
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  return <RefundForm order={q.data} buyer={buyer} onDone={onDone} />;
}

/** The refund dialog of one paid order; `order` null keeps it closed. */
export function RefundDialog({ order, onClose }: { order: { _id: string; buyer: string } | null; onClose: () => void }) {
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Refund order ${orderNo(order._id)}?` : ""} centered>
      {order ? <RefundBody orderId={order._id} buyer={order.buyer} onDone={onClose} /> : null}
    </Modal>
  );
}
