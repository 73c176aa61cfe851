/** The payment writes bring the cached cart, user and orders up to date themselves (ADR 0172). */
import { MessageAnswer, SubmitTransferAnswer } from "@market/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { transferForm } from "../../test/fixtures";
import { errorAnswer, HttpResponse, http, server } from "../../test/msw";
import { createQueryClient } from "../../test/render";
import { type CartItem, cartKeys } from "../cart-items";
import { meQuery } from "../session";
import { useCancelTransfer, useSubmitTransfer } from "./order-payment";
import { orderKeys } from "./orders";

const RECORD = transferForm();
const LINE: CartItem = { _id: "l1", product: "p1", name: "Laptop Backpack", imageUrl: [], price: 2000, countInStock: 5, qty: 2 };

/** A query client holding a cart line, the user and both order lists; `stale(key)` says whether a query was invalidated. */
function cached() {
  const qc = createQueryClient();
  qc.setQueryData(cartKeys.all, [LINE]);
  qc.setQueryData(meQuery.queryKey, null);
  qc.setQueryData(orderKeys.pending(), RECORD);
  qc.setQueryData(orderKeys.mine(), { pages: [], pageParams: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;
  return { qc, wrapper, stale };
}

describe("useSubmitTransfer", () => {
  it("once paid, empties the local cart and reads the user and every order again before it resolves", async () => {
    server.use(
      http.put("/api/transactions", () =>
        HttpResponse.json(
          SubmitTransferAnswer.parse({
            statusCode: 200,
            message: "Success",
            data: { transaction_id: "t1", order_id: RECORD.order_id, status: "paid" },
          }),
        ),
      ),
    );
    const { qc, wrapper, stale } = cached();
    const { result } = renderHook(() => useSubmitTransfer(), { wrapper });
    await act(() => result.current.mutateAsync(RECORD));
    expect(qc.getQueryData(cartKeys.all)).toEqual([]);
    expect(stale(meQuery.queryKey)).toBe(true);
    expect(stale(orderKeys.pending())).toBe(true);
    expect(stale(orderKeys.mine())).toBe(true);
  });

  it("when the order can no longer be paid, reads the orders again and keeps the cart and the user", async () => {
    server.use(http.put("/api/transactions", () => errorAnswer(409, "This order was cancelled")));
    const { qc, wrapper, stale } = cached();
    const { result } = renderHook(() => useSubmitTransfer(), { wrapper });
    await act(() => expect(result.current.mutateAsync(RECORD)).rejects.toThrow("This order was cancelled"));
    expect(stale(orderKeys.pending())).toBe(true);
    expect(qc.getQueryData(cartKeys.all)).toEqual([LINE]);
    expect(stale(meQuery.queryKey)).toBe(false);
  });

  it("on another failure changes nothing cached", async () => {
    server.use(http.put("/api/transactions", () => errorAnswer(500, "Failed")));
    const { qc, wrapper, stale } = cached();
    const { result } = renderHook(() => useSubmitTransfer(), { wrapper });
    await act(() => expect(result.current.mutateAsync(RECORD)).rejects.toThrow());
    expect(stale(orderKeys.pending())).toBe(false);
    expect(qc.getQueryData(cartKeys.all)).toEqual([LINE]);
  });
});

describe("useCancelTransfer", () => {
  it("reads the orders again whether the cancel worked or not", async () => {
    server.use(http.delete("/api/transactions", () => HttpResponse.json(MessageAnswer.parse({ statusCode: 200, message: "Cancelled" }))));
    const ok = cached();
    const { result } = renderHook(() => useCancelTransfer(), { wrapper: ok.wrapper });
    await act(() => result.current.mutateAsync(RECORD.order_id));
    expect(ok.stale(orderKeys.pending())).toBe(true);

    server.use(http.delete("/api/transactions", () => errorAnswer(404, "No such order")));
    const failed = cached();
    const again = renderHook(() => useCancelTransfer(), { wrapper: failed.wrapper });
    await act(() => expect(again.result.current.mutateAsync(RECORD.order_id)).rejects.toThrow());
    expect(failed.stale(orderKeys.pending())).toBe(true);
    expect(failed.stale(orderKeys.mine())).toBe(true);
  });
});
