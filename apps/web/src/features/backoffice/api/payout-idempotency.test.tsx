/**
 * The payout request sends an Idempotency-Key per user action (ADR 0155): the same key again when
 * the same request is retried after a network error or a 5xx (the server then answers the first
 * result), a new key after any other answer, and a new key for another body.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { errorAnswer, HttpResponse, http, server } from "../../../test/msw";
import { createQueryClient } from "../../../test/render";
import { useRequestPayout } from "./earnings";

/** Answers in turn: "network" (the connection drops), a status, or 200. Records each request's key. */
function payoutServer(answers: Array<"network" | number>) {
  const keys: Array<string | null> = [];
  server.use(
    http.post("/api/payouts", ({ request }) => {
      keys.push(request.headers.get("idempotency-key"));
      const next = answers.shift() ?? 200;
      if (next === "network") return HttpResponse.error();
      if (next !== 200) return HttpResponse.json(errorAnswer(next, "Failed"), { status: next });
      return HttpResponse.json({ statusCode: 200, message: "Payout requested", data: {} });
    }),
  );
  return keys;
}

function renderPayout() {
  const qc = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return renderHook(() => useRequestPayout(), { wrapper }).result;
}

const attempt = (result: ReturnType<typeof renderPayout>, amount: number | undefined) =>
  act(() => result.current.mutateAsync(amount).catch(() => undefined));

describe("useRequestPayout's Idempotency-Key", () => {
  it("is reused for a retry after a network error or a 5xx, and new after an answer", async () => {
    const keys = payoutServer(["network", 503, 200, 200]);
    const result = renderPayout();
    await attempt(result, 5000);
    await attempt(result, 5000);
    await attempt(result, 5000);
    await attempt(result, 5000);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("is new for another body, and after a refusal", async () => {
    const keys = payoutServer(["network", 400, 200]);
    const result = renderPayout();
    await attempt(result, 5000);
    await attempt(result, 6000);
    await attempt(result, 6000);
    expect(new Set(keys).size).toBe(3);
  });
});
