import { ContactAnswer } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import ContactPage from "./contact-page";

/** Fill the form by pasting (one input event per field: quick even on a loaded test machine). */
async function fill() {
  const user = userEvent.setup();
  const put = async (el: HTMLElement, text: string) => {
    await user.click(el);
    await user.paste(text);
  };
  await put(screen.getByLabelText(/Your Name/), "Amaka Obi");
  await put(screen.getByLabelText(/Your Email/), "amaka@example.ng");
  await put(screen.getByLabelText("Subject"), "Delivery");
  await put(screen.getByLabelText("Your Message"), "Do you deliver to Ikeja on Sundays?");
}

describe("ContactPage", () => {
  it("has the map (loaded on request), the store's contact block and the spec's fields (name and e-mail required)", async () => {
    renderWithProviders(<ContactPage />);
    // Nothing of the map's is loaded until asked for: the address and a link to the Maps app stand in.
    expect(screen.queryByTitle(/^Map:/)).toBeNull();
    expect(screen.getByRole("link", { name: "Open in Google Maps" }).getAttribute("href")).toMatch(/^https:\/\/www\.google\.com\/maps/);
    await userEvent.click(screen.getByRole("button", { name: "Show map" }));
    const map = screen.getByTitle(/^Map:/);
    expect(map.getAttribute("src")).toMatch(/^https:\/\/www\.google\.com\/maps/);
    expect(screen.getByTestId("store-contact")).toHaveTextContent("Lagos");
    expect(screen.getByRole("link", { name: "+234 803 000 0000" })).toHaveAttribute("href", "tel:+2348030000000");
    expect(screen.getByLabelText(/Your Name/)).toBeRequired();
    const email = screen.getByLabelText(/Your Email/);
    expect(email).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Subject")).not.toBeRequired();
    expect(screen.getByRole("button", { name: "SEND A MESSAGE" })).toBeInTheDocument();
  });

  it("sends the form, shows the server's thank-you in the status area and clears the form", async () => {
    server.use(
      http.post("/api/contact", () =>
        HttpResponse.json(ContactAnswer.parse({ statusCode: 201, message: "Thank you! Your message has been sent." }), { status: 201 }),
      ),
    );
    const calls = recordCalls();
    renderWithProviders(<ContactPage />);
    await fill();
    await userEvent.click(screen.getByRole("button", { name: "SEND A MESSAGE" }));
    await waitFor(() => expect(screen.getByTestId("contact-status")).toHaveTextContent("Thank you! Your message has been sent."));
    expect(calls.map((c) => c.body)).toEqual([
      { name: "Amaka Obi", email: "amaka@example.ng", phone: "", subject: "Delivery", message: "Do you deliver to Ikeja on Sundays?" },
    ]);
    expect(screen.getByLabelText(/Your Name/)).toHaveValue("");
  });

  it("shows the server's failure in the status area and its field message under the field, keeping the input", async () => {
    server.use(
      http.post("/api/contact", () => errorAnswer(400, "email: Enter a valid email address", { email: "Enter a valid email address" })),
    );
    renderWithProviders(<ContactPage />);
    await fill();
    await userEvent.click(screen.getByRole("button", { name: "SEND A MESSAGE" }));
    await waitFor(() => expect(screen.getByTestId("contact-status")).toHaveTextContent("Ooops"));
    expect(screen.getByTestId("contact-status")).toHaveTextContent("email: Enter a valid email address");
    expect(screen.getByText("Enter a valid email address")).toBeInTheDocument();
    expect(screen.getByLabelText(/Your Name/)).toHaveValue("Amaka Obi");
  });
});
