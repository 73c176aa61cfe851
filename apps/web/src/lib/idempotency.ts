/**
 * One `Idempotency-Key` per user action (ADR 0155) for the writes that move money or stock
 * (payout request, refund, checkout). The key is made when the action is first sent and sent again
 * when the same body is sent after an answer that says nothing about whether the write happened (a
 * network error, a 5xx): the server then answers the first result instead of paying, refunding or
 * reserving twice. Any other answer ends the action, so the next send (even of the same body, e.g.
 * a second payout of the same amount) is a new action with a new key.
 */
import { useCallback, useRef } from "react";
import { ApiError } from "./api";

/** A random key (128 bits, hex) from the browser's CSPRNG, which works on plain http too. */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Did this failure leave the write's outcome unknown, so that sending it again is a retry? */
const outcomeUnknown = (err: unknown) => err instanceof ApiError && (err.statusCode === 0 || err.statusCode >= 500);

/**
 * For a mutation hook: answers `withKey(body, send)`, which calls `send(key)` with the action's key
 * (the previous one when `body` is the same as an attempt whose outcome is unknown, else a new one).
 */
export function useIdempotencyKey() {
  const unsettled = useRef<{ body: string; key: string } | null>(null);
  return useCallback(async <T>(body: unknown, send: (key: string) => Promise<T>): Promise<T> => {
    const text = JSON.stringify(body ?? null);
    const key = unsettled.current?.body === text ? unsettled.current.key : newKey();
    unsettled.current = { body: text, key };
    try {
      const answer = await send(key);
      unsettled.current = null;
      return answer;
    } catch (err) {
      if (!outcomeUnknown(err)) unsettled.current = null;
      throw err;
    }
  }, []);
}
