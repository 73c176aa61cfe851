/**
 * The free shipping promise of the top bar and the footer comes from the store's setting (GET
 * /api/settings, ADR 0135): the admin's threshold in its words, and no promise at all when it is 0.
 */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HttpResponse, http, server } from "../../test/msw";
import { renderWithProviders } from "../../test/render";
import { Footer } from "./footer";
import { Header } from "./header";

const answer = (over: number) =>
  server.use(
    http.get("/api/settings", () =>
      HttpResponse.json({ statusCode: 200, data: { free_shipping_over: over, free_shipping_state: "Lagos" } }),
    ),
  );

describe("free shipping promise", () => {
  it("says the admin's threshold in the top bar and the footer", async () => {
    answer(75_000);
    renderWithProviders(
      <>
        <Header />
        <Footer />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText(/Free standard shipping in Lagos on orders over ₦75,000/)).toHaveLength(2));
  });

  it("promises nothing when the admin turned free shipping off (0)", async () => {
    answer(0);
    renderWithProviders(
      <>
        <Header />
        <Footer />
      </>,
    );
    expect(await screen.findByText(/24h support$/)).toBeInTheDocument();
    // Let the settings answer arrive before looking for what must not be there.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText(/Free standard shipping/)).toBeNull();
  });
});
