/**
 * The parts of an order page (ADR 0178), shared by the buyer's page (/account/orders/:id) and the
 * back office's (seller and admin): the lines with their fulfilment, the delivery address (with
 * call and WhatsApp links for the seller and the admin), totals, the payment and transfer, the
 * timeline, and the printable sheets (the buyer's receipt, the seller's packing slip). Everything
 * shown is the API's stored data as plain text.
 */
import "@mantine/core/styles/Timeline.layer.css";
import { Anchor, Badge, Card, Group, Image, Stack, Text, Timeline, Title } from "@mantine/core";
import {
  formatNaira,
  imageThumbUrl,
  type OrderAddress,
  type OrderView,
  type OrderViewLine,
  type TRANSACTION_STATUSES,
} from "@market/contract";
import { IconBrandWhatsapp, IconPhone } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { FULFILMENT_LABEL, orderStatusLabel, payAtDoor } from "./order-labels";
import { LineTracking, ProblemThread } from "./protection";
import { when } from "./when";

const TRANSFER_LABEL: Record<(typeof TRANSACTION_STATUSES)[number], string> = {
  submitted: "Submitted, waiting for confirmation",
  confirmed: "Confirmed",
  rejected: "Rejected",
  flagged: "Not confirmed in time",
};

export function OrderStatusBadge({ order }: { order: Pick<OrderView, "status" | "pay_on_delivery"> }) {
  const s = orderStatusLabel(order.status, payAtDoor(order));
  return (
    <Badge component="span" color={s.color} variant="light" data-testid="order-status" style={{ minWidth: "fit-content" }}>
      {s.label}
    </Badge>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The address as lines of text: name, company, street, town and state, country. */
export function addressLines(a: OrderAddress): string[] {
  return [
    `${a.first_name} ${a.last_name}`.trim(),
    a.company,
    a.address1,
    a.address2,
    [a.city, a.state, a.zip].filter(Boolean).join(", "),
    a.country,
  ].filter(Boolean);
}

/**
 * Where to deliver: the address and the phone. `contact`: the phone is a tel: link and a WhatsApp
 * link (wa.me takes the international number without "+"), for whoever ships.
 */
export function DeliveryAddress({ address, contact }: { address: OrderAddress; contact: boolean }) {
  const intl = address.phone_international;
  return (
    <Section title="Delivery address" testId="delivery-address">
      <Stack gap={2}>
        {addressLines(address).map((line) => (
          <Text key={line} fz="sm" style={{ wordBreak: "break-word" }}>
            {line}
          </Text>
        ))}
        <Text fz="sm" fw={600} mt={4} data-testid="delivery-phone">
          Phone: {address.phone}
        </Text>
        {contact && (
          <Group gap="md" mt={6}>
            <Anchor href={`tel:${intl ?? address.phone.replace(/[^\d+]/g, "")}`} fz="sm" fw={600} data-testid="call-buyer">
              <Group gap={4} wrap="nowrap" component="span">
                <IconPhone size={16} aria-hidden /> Call
              </Group>
            </Anchor>
            {intl && (
              <Anchor
                href={`https://wa.me/${intl.replace(/^\+/, "")}`}
                target="_blank"
                rel="noopener noreferrer"
                fz="sm"
                fw={600}
                c="green"
                data-testid="whatsapp-buyer"
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <IconBrandWhatsapp size={16} aria-hidden /> WhatsApp
                </Group>
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
    </Section>
  );
}

/** The order's lines, each with its fulfilment and when it moved; `action` adds the seller's buttons. */
export function OrderLines({
  order,
  showSeller,
  action,
}: {
  order: OrderView;
  showSeller: boolean;
  action?: (line: OrderViewLine) => ReactNode;
}) {
  return (
    <Section title={order.view === "seller" ? "Your items in this order" : "Items"} testId="order-lines">
      <Stack gap="sm">
        {order.lines.map((l) => {
          const f = FULFILMENT_LABEL[l.fulfilment];
          return (
            <Group key={l._id} align="flex-start" wrap="nowrap" gap="sm" data-testid="order-line">
              <Image src={imageThumbUrl(l.image_url)} alt="" w={48} h={48} radius="sm" fit="cover" fallbackSrc="/favicon.svg" />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fz="sm" fw={600} style={{ wordBreak: "break-word" }}>
                  {l.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {l.quantity} x {formatNaira(l.unit_price)} = {formatNaira(l.amount)}
                </Text>
                {showSeller && (
                  <Text fz="xs" c="dimmed">
                    Sold by {l.seller.names}
                    {l.seller.phone ? ` · ${l.seller.phone}` : ""}
                    {l.seller.email ? ` · ${l.seller.email}` : ""}
                  </Text>
                )}
                <Group gap={6} mt={2}>
                  <Badge color={f.color} variant="light" data-testid="line-fulfilment" style={{ minWidth: "fit-content" }}>
                    {f.label}
                  </Badge>
                  {l.delivered_at ? (
                    <Text fz="xs" c="dimmed">
                      {when(l.delivered_at)}
                    </Text>
                  ) : l.shipped_at ? (
                    <Text fz="xs" c="dimmed">
                      {when(l.shipped_at)}
                    </Text>
                  ) : null}
                </Group>
                <LineTracking line={l} reportUntil={order.view === "buyer" ? l.report_until : null} />
                {l.cancel_reason ? (
                  <Text fz="xs" c="dimmed">
                    Cancelled: {l.cancel_reason}
                  </Text>
                ) : null}
                {l.problems.map((p) => (
                  <ProblemThread key={p._id} problem={p} />
                ))}
                {/* Under the line, not beside it: a phone keeps the item's name wide. */}
                {action?.(l)}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Section>
  );
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 800 : 600} ta="right" style={{ wordBreak: "break-word" }}>
        {children}
      </Text>
    </Group>
  );
}

/** How each payment type is named on the order page. */
const PAYMENT_METHODS: Record<string, string> = { bank_transfer: "Bank transfer", card: "Card", pay_on_delivery: "Pay on delivery" };

/** Totals and the payment: method, reference, the transfer and its state (buyer and admin). */
export function OrderPayment({ order }: { order: OrderView }) {
  const { totals, payment } = order;
  if (!totals || !payment) return null;
  const t = payment.transfer;
  return (
    <Section title="Payment" testId="order-payment">
      <Stack gap={6}>
        <Row label="Subtotal">{formatNaira(totals.subtotal)}</Row>
        <Row label="Shipping">{formatNaira(totals.shipping)}</Row>
        <Row label="Total" strong>
          {formatNaira(totals.total)}
        </Row>
        {totals.refunded > 0 && <Row label="Refunded">{formatNaira(totals.refunded)}</Row>}
        <Row label="Method">{PAYMENT_METHODS[payment.method] ?? payment.method}</Row>
        <Row label="Reference">
          <span data-testid="payment-reference" style={{ fontFamily: "monospace" }}>
            {payment.reference}
          </span>
        </Row>
        {payment.payer_account_no && <Row label="From account">{payment.payer_account_no}</Row>}
        {t ? (
          <>
            <Row label="Transfer">{TRANSFER_LABEL[t.status]}</Row>
            <Row label="To">
              {t.client_bank} {t.client_account_no}
            </Row>
          </>
        ) : payment.method !== "pay_on_delivery" ? (
          <Row label="Transfer">Not made yet</Row>
        ) : null}
      </Stack>
    </Section>
  );
}

/** The buyer's contacts, for the admin. */
export function BuyerContact({ order }: { order: OrderView }) {
  return (
    <Section title="Buyer" testId="order-buyer">
      <Text fz="sm" fw={600}>
        {order.buyer.names}
      </Text>
      {order.buyer.email && <Text fz="sm">{order.buyer.email}</Text>}
      {order.buyer.phone && <Text fz="sm">{order.buyer.phone}</Text>}
    </Section>
  );
}

/** What happened to the order, oldest first, from the stored times. */
export function OrderTimeline({ order }: { order: OrderView }) {
  return (
    <Section title="Timeline" testId="order-timeline">
      <Timeline active={order.timeline.length - 1} bulletSize={14} lineWidth={2}>
        {order.timeline.map((e) => (
          <Timeline.Item key={`${e.kind}-${e.at}-${e.text}`} title={<Text fz="sm">{e.text}</Text>}>
            <Text fz="xs" c="dimmed">
              {when(e.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}
