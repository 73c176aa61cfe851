/**
 * The printed forms of an order (ADR 0178): the buyer's receipt and the seller's packing slip. Each
 * is a plain sheet put straight under <body> once the page is in the browser (never in the server's
 * HTML); on screen it is hidden, and printing (window.print(), or the browser's "Save as PDF")
 * shows only it, in black on white, on A4 or a phone's paper.
 */
import { formatNaira, type OrderView } from "@market/contract";
import { type ReactNode, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { addressLines } from "./order-detail";
import { orderStatusLabel, payAtDoor } from "./order-labels";
import css from "./print-sheet.module.css";
import { when } from "./when";

const noop = () => () => {};

/** The sheet under <body>, only in the browser (the server and the hydrating render draw nothing). */
function PrintSheet({ testId, children }: { testId: string; children: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  return createPortal(
    <div className={css.sheet} data-print-sheet data-testid={testId}>
      {children}
    </div>,
    document.body,
  );
}

function Head({ title, order }: { title: string; order: OrderView }) {
  return (
    <div className={css.head}>
      <div>
        <p className={css.brand}>Naija Market</p>
        <div>Placed {when(order.createdAt)}</div>
      </div>
      <div>
        <p className={css.title}>{title}</p>
        <div className={css.number}>{order.number}</div>
      </div>
    </div>
  );
}

function ShipTo({ order }: { order: OrderView }) {
  if (!order.address) return null;
  return (
    <div className={css.block}>
      <p className={css.label}>Deliver to</p>
      {addressLines(order.address).map((line, i) => (
        <div key={line} className={i === 0 ? css.strong : undefined}>
          {line}
        </div>
      ))}
      <div className={css.strong}>Phone: {order.address.phone}</div>
    </div>
  );
}

/** The seller's packing slip: order number, where to deliver and the phone, the items to pack. */
export function PackingSlip({ order }: { order: OrderView }) {
  const sellers = [...new Set(order.lines.map((l) => l.seller.names))];
  return (
    <PrintSheet testId="packing-slip">
      <Head title="Packing slip" order={order} />
      <ShipTo order={order} />
      <table className={css.table}>
        <thead>
          <tr>
            <th>Item</th>
            <th className={css.num}>Qty</th>
            <th className={css.num}>Packed</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l._id}>
              <td>{l.name}</td>
              <td className={css.num}>{l.quantity}</td>
              <td className={css.num}>
                <span className={css.box} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={css.block}>
        <p className={css.label}>From</p>
        <div>{sellers.join(", ")}</div>
      </div>
      <p className={css.foot}>Keep this slip with the parcel. Questions about this order: quote {order.number}.</p>
    </PrintSheet>
  );
}

/** The buyer's receipt: what was bought, the totals, the payment and its reference. */
export function Receipt({ order }: { order: OrderView }) {
  const { totals, payment } = order;
  return (
    <PrintSheet testId="receipt">
      <Head title="Receipt" order={order} />
      <div className={css.block}>
        <p className={css.label}>Status</p>
        <div className={css.strong}>{orderStatusLabel(order.status, payAtDoor(order)).label}</div>
      </div>
      <ShipTo order={order} />
      <table className={css.table}>
        <thead>
          <tr>
            <th>Item</th>
            <th>Seller</th>
            <th className={css.num}>Qty</th>
            <th className={css.num}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l._id}>
              <td>{l.name}</td>
              <td>{l.seller.names}</td>
              <td className={css.num}>{l.quantity}</td>
              <td className={css.num}>{formatNaira(l.amount)}</td>
            </tr>
          ))}
          {totals && (
            <>
              <tr>
                <td colSpan={3}>Shipping</td>
                <td className={css.num}>{formatNaira(totals.shipping)}</td>
              </tr>
              <tr>
                <td colSpan={3} className={css.strong}>
                  Total
                </td>
                <td className={`${css.num} ${css.strong}`}>{formatNaira(totals.total)}</td>
              </tr>
              {totals.refunded > 0 && (
                <tr>
                  <td colSpan={3}>Refunded</td>
                  <td className={css.num}>{formatNaira(totals.refunded)}</td>
                </tr>
              )}
            </>
          )}
        </tbody>
      </table>
      {payment && (
        <div className={css.block}>
          <p className={css.label}>Payment</p>
          <div>
            {payment.method === "bank_transfer" ? "Bank transfer" : payment.method}, reference{" "}
            <span className={css.number}>{payment.reference}</span>
          </div>
          {payment.transfer && (
            <div>
              {payment.transfer.status === "confirmed" && payment.transfer.reviewed_at
                ? `Confirmed ${when(payment.transfer.reviewed_at)}`
                : `Transfer ${payment.transfer.status}, ${when(payment.transfer.submitted_at)}`}
            </div>
          )}
        </div>
      )}
      <p className={css.foot}>Thank you for shopping on Naija Market. Quote {order.number} in any question about this order.</p>
    </PrintSheet>
  );
}
