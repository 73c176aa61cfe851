/** Following a seller updates every cached item page and shop of that seller (count and state), and no other. */
import { FollowAnswer, ProductDetailAnswer, type Seller, SellerShopAnswer } from "@market/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { detailQuery, sellerShopQuery } from "../../../lib/queries/catalog";
import { product } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { createQueryClient } from "../../../test/render";
import { useFollowSeller } from "./catalog";

const seller = (_id: string): Seller => ({
  _id,
  names: `Seller ${_id}`,
  username: `seller${_id}`,
  profile: null,
  desc: "",
  whatsapp: null,
  verified: { blue_tick: false, email: true, phone: true },
  followers: [],
  followers_count: 0,
  following: false,
  categories: [],
  score: {
    label: "New seller",
    value: null,
    orders: 0,
    fulfilled_rate: null,
    on_time_rate: null,
    no_problem_rate: null,
    rating: null,
    rating_count: 0,
  },
});

const shopOf = (sellerId: string) =>
  SellerShopAnswer.parse({
    statusCode: 200,
    data: { ...seller(sellerId), state: null, city: null, member_since: "2026-01-01T00:00:00.000Z", products_count: 0, services_count: 0 },
  });

const itemOf = (id: string, sellerId: string) =>
  ProductDetailAnswer.parse({
    statusCode: 200,
    products: product({ _id: id, user_id: sellerId }),
    user: seller(sellerId),
    UsersCategories: [],
  });

describe("useFollowSeller", () => {
  it("puts the seller's new followers into each cached item of that seller only", async () => {
    server.use(
      http.get("/api/user/follow", () =>
        HttpResponse.json(
          FollowAnswer.parse({ statusCode: 200, message: "Followed", followers: ["u1"], followers_count: 1, following: true }),
        ),
      ),
    );
    const calls = recordCalls();
    const qc = createQueryClient();
    qc.setQueryData(detailQuery("market-place", "p1").queryKey, itemOf("p1", "s1"));
    qc.setQueryData(detailQuery("market-place", "p2").queryKey, itemOf("p2", "s1"));
    qc.setQueryData(detailQuery("market-place", "p3").queryKey, itemOf("p3", "s2"));
    qc.setQueryData(sellerShopQuery("sellers1").queryKey, shopOf("s1"));
    qc.setQueryData(sellerShopQuery("sellers2").queryKey, shopOf("s2"));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useFollowSeller(), { wrapper });
    await act(() => result.current.mutateAsync({ sellerId: "s1", state: "follow" }));
    expect(calls.map((c) => c.path)).toEqual(["/api/user/follow?id=s1&state=follow"]);
    for (const id of ["p1", "p2"])
      expect(qc.getQueryData(detailQuery("market-place", id).queryKey)?.user).toMatchObject({
        followers_count: 1,
        following: true,
        followers: ["u1"],
      });
    expect(qc.getQueryData(detailQuery("market-place", "p3").queryKey)?.user).toMatchObject({ followers_count: 0, following: false });
    expect(qc.getQueryData(sellerShopQuery("sellers1").queryKey)?.data).toMatchObject({ followers_count: 1, following: true });
    expect(qc.getQueryData(sellerShopQuery("sellers2").queryKey)?.data).toMatchObject({ followers_count: 0, following: false });
  });
});
