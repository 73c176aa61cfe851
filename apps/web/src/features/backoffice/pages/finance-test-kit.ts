/**
 * What the back office's money-screen tests share: the signed-in admin, the banks list, and a clean
 * notifications store after each test.
 */
import { notifications } from "@mantine/notifications";
import { WalletBanksAnswer } from "@market/contract";
import { afterEach, vi } from "vitest";
import { meAnswer } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { signInTestSession } from "../../../test/session";

afterEach(() => {
  vi.restoreAllMocks();
  // Mantine's notifications store outlives each test's render: alerts left from one test would
  // queue the next test's alerts behind the host's limit.
  notifications.clean();
});

export const BO = "/admin_real/dashboard";

/** The signed-in admin (GET /api/me). */
const admin = meAnswer({ names: "Store Admin", username: "admin", email: "admin@naijamarket.ng", accType: "admin", addresses: [] });

const banks = WalletBanksAnswer.parse({
  statusCode: 200,
  data: [{ bank_name: "Guaranty Trust Bank", bank_code: "058" }],
  account_name_lookup: false,
});

/** Signed in as the admin, with the banks list; answers the recorded calls. */
export function asAdmin(...handlers: Parameters<typeof server.use>) {
  signInTestSession();
  server.use(
    http.get("/api/me", () => HttpResponse.json(admin)),
    http.get("/api/v1/banks", () => HttpResponse.json(banks)),
    ...handlers,
  );
  return recordCalls();
}
