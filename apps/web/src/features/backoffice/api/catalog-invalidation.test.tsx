/**
 * A seller's product and service writes mark the shop's cached listings and items stale (the keys
 * the storefront's queries use, lib/queries/catalog.ts) and the seller's own list, so the shop shows
 * the change on its next render instead of the old item until the stale time runs out; nothing else.
 */
import { PostWriteAnswer, ProductWriteAnswer } from "@market/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { detailQuery, type ListingParams, listingQuery, myItemsQuery } from "../../../lib/queries/catalog";
import { categoriesQuery } from "../../../lib/queries/categories";
import { post, product as productFixture } from "../../../test/fixtures";
import { HttpResponse, http, server } from "../../../test/msw";
import { createQueryClient } from "../../../test/render";
import { useDeleteItem, useSaveItem } from "./items";

const listing = (type: ListingParams["type"]): ListingParams => ({
  type,
  categoryId: "001",
  sort: "newest",
  search: "",
  page: 1,
  cursor: null,
});

/** A query client holding one fresh shop listing page, one item and the seller's own list of each type, and the categories. */
function seededClient() {
  const qc = createQueryClient();
  for (const type of ["market-place", "services"] as const) {
    qc.setQueryData(listingQuery(listing(type)).queryKey, { statusCode: 200, products: [], total: 0, nextCursor: null } as never);
    qc.setQueryData(detailQuery(type, "p1").queryKey, { statusCode: 200, products: {} } as never);
    qc.setQueryData(myItemsQuery(type).queryKey, { pages: [], pageParams: [] } as never);
  }
  qc.setQueryData(categoriesQuery.queryKey, []);
  return qc;
}

function stale(qc: ReturnType<typeof createQueryClient>, type: ListingParams["type"]) {
  return {
    listing: qc.getQueryState(listingQuery(listing(type)).queryKey)?.isInvalidated,
    item: qc.getQueryState(detailQuery(type, "p1").queryKey)?.isInvalidated,
    mine: qc.getQueryState(myItemsQuery(type).queryKey)?.isInvalidated,
  };
}

const wrapper = (qc: ReturnType<typeof createQueryClient>) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  };

/** A hook's mutation, bound to its input, to run inside `act`. */
function write<T>(mutation: { mutateAsync: (v: T) => Promise<unknown> }, input: T) {
  return () => mutation.mutateAsync(input);
}

const product = { name: "Rice", category_id: "c1", price: 1000, count_in_stock: 3, description: "", image_urls: [] };

describe("back-office writes invalidate the storefront's keys", () => {
  it.each([
    ["saving a product", () => write(useSaveItem("market-place"), { _id: "p1", ...product })],
    ["creating a product", () => write(useSaveItem("market-place"), product)],
    ["deleting a product", () => write(useDeleteItem("market-place"), "p1")],
  ])("%s marks market-place listings and items stale, not services", async (_name, hook) => {
    server.use(
      http.all("/api/product", () =>
        HttpResponse.json(ProductWriteAnswer.parse({ statusCode: 200, message: "ok", data: productFixture() })),
      ),
    );
    const qc = seededClient();
    const { result } = renderHook(hook, { wrapper: wrapper(qc) });
    await act(() => result.current());
    expect(stale(qc, "market-place")).toEqual({ listing: true, item: true, mine: true });
    expect(stale(qc, "services")).toEqual({ listing: false, item: false, mine: false });
    expect(qc.getQueryState(categoriesQuery.queryKey)?.isInvalidated).toBe(false);
  });

  it.each([
    ["saving a service", () => write(useSaveItem("services"), { _id: "p1", category_id: "c1", body: "Tailoring", image_urls: [] })],
    ["creating a service", () => write(useSaveItem("services"), { category_id: "c1", body: "Tailoring", image_urls: [] })],
    ["deleting a service", () => write(useDeleteItem("services"), "p1")],
  ])("%s marks service listings and items stale, not products", async (_name, hook) => {
    server.use(http.all("/api/posts", () => HttpResponse.json(PostWriteAnswer.parse({ statusCode: 200, message: "ok", data: post() }))));
    const qc = seededClient();
    const { result } = renderHook(hook, { wrapper: wrapper(qc) });
    await act(() => result.current());
    expect(stale(qc, "services")).toEqual({ listing: true, item: true, mine: true });
    expect(stale(qc, "market-place")).toEqual({ listing: false, item: false, mine: false });
    expect(qc.getQueryState(categoriesQuery.queryKey)?.isInvalidated).toBe(false);
  });
});
