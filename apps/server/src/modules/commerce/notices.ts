/**
 * E-mails the commerce area sends a buyer about a bank transfer nobody confirmed in time (design
 * brief "store's rules": "the buyer is told"; ADR 0081). Written to the outbox in the transaction
 * that changes the order, delivered after commit (ADR 0011). Amounts are kobo.
 */
import { formatNaira, koboToNaira } from "@market/contract";
import type { OutgoingMessage } from "../messages/service.js";

const STORE = "Naija Market";

/** What the notices say about one order. */
export type OrderNotice = { email: string; names: string; orderId: string; totalKobo: number };

/** The order reference buyers see in their order history ("#1A2B3C4D"). */
function orderRef(orderId: string): string {
  return `#${orderId.slice(0, 8).toUpperCase()}`;
}

const hello = (names: string) => `Hello ${names.split(" ")[0] || names},`;

/** The transfer was not confirmed within `hours`: the order's items went back on sale. */
export function unconfirmedTransferNotice(n: OrderNotice, hours: number): OutgoingMessage {
  const ref = orderRef(n.orderId);
  return {
    channel: "email",
    recipient: n.email,
    subject: `${STORE}: your payment for order ${ref} is not confirmed yet`,
    body: `${hello(n.names)}

You told us you had paid ${formatNaira(koboToNaira(n.totalKobo))} for order ${ref}, but we could not confirm your bank transfer within ${hours} hours, so the items in this order have gone back on sale.

If you made the transfer, reply to this e-mail with your bank's receipt. If we find your payment we will confirm the order while the items are still in stock, or refund you in full.

${STORE}`,
  };
}
