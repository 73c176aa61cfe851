import { MessageAnswer, PASSWORD_MAX, type ProductDetailAnswer, type SignInAnswer, SignUpAnswer } from "@market/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { cartLineAnswer, categoriesAnswer, category, product, serverLine, user } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { offeredCategories } from "../components/register-form";
import SignInPage from "./signin-page";

const PHONES = "7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b";
const SALONS = "8a2d3b45-6c7e-4f90-8b1c-2d3e4f5a6b7c";

/** Fills the account fields of the register form with values the contract accepts. */
function fillAccount() {
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill(/Full name/, "Ada Obi");
  fill(/Username/, "ada");
  fill(/Email address/, "ada@example.ng");
  fill(/Phone number/, "0803-123 4567");
  expect(screen.getByLabelText(/Phone number/)).toHaveValue("08031234567");
  fill(/^Password/, "Lagos#Market2026");
  fill(/Confirm password/, "Lagos#Market2026");
}

const segment = (name: string) => screen.getByText(name, { selector: "label.mantine-SegmentedControl-label, label span, label" });

describe("SignInPage", () => {
  it('is titled "My Account" with a breadcrumb to Home and opens in login mode', () => {
    renderWithProviders(<SignInPage />, { path: "/signin", route: "/signin" });
    expect(screen.getByRole("heading", { level: 1, name: "My Account" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("form", { name: "Login" })).toBeInTheDocument();
  });

  it("sends the login only when both fields are longer than 2 characters; password max PASSWORD_MAX (128, ADR 0083)", async () => {
    server.use(http.post("/api/signin", () => errorAnswer(401, "Invalid email/phone or password")));
    const calls = recordCalls();
    renderWithProviders(<SignInPage />, { path: "/signin", route: "/signin" });
    const email = screen.getByLabelText(/Email address or phone number/);
    const password = document.querySelector("input[autocomplete=current-password]") as HTMLInputElement;
    expect(password).toHaveAttribute("maxlength", String(PASSWORD_MAX));
    await userEvent.type(email, "ab");
    await userEvent.type(password, "Secret#1");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(calls.filter((c) => c.path === "/api/signin")).toHaveLength(0);
    await userEvent.type(email, "c");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/signin")).toHaveLength(1));
    expect(await screen.findByText("Invalid email/phone or password")).toBeInTheDocument();
  });

  it.each([
    ["%2Faccount", "/account"],
    ["%2F%09%2Fevil.example", "/"],
    ["https%3A%2F%2Fevil.example", "/"],
  ])("a signed-in customer asked back to from=%s lands on %s", async (from, landing) => {
    server.use(
      http.post("/api/signin", () =>
        HttpResponse.json({ statusCode: 200, token: "t", accType: "customer", message: "Signed in" } satisfies SignInAnswer),
      ),
    );
    const { router } = renderWithProviders(<SignInPage />, { path: "*", route: `/signin?from=${from}` });
    await userEvent.type(screen.getByLabelText(/Email address or phone number/), "ada@example.ng");
    await userEvent.type(document.querySelector("input[autocomplete=current-password]") as HTMLInputElement, "Secret#1");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });

  describe("sent by add to cart (ADR 0186)", () => {
    const from = encodeURIComponent("/product/market-place/p1");
    const route = `/signin?from=${from}&add=p1&qty=2`;
    const signInAs = (accType: SignInAnswer["accType"]) =>
      http.post("/api/signin", () =>
        HttpResponse.json({ statusCode: 200, token: "t", accType, message: "Signed in" } satisfies SignInAnswer),
      );
    const detail = http.get("/api/product", () =>
      HttpResponse.json({
        statusCode: 200,
        products: product({ _id: "p1", name: "Infinix Note 40" }),
        user: user() as unknown as ProductDetailAnswer["user"],
        UsersCategories: [],
      } satisfies ProductDetailAnswer),
    );
    const login = async () => {
      await userEvent.type(screen.getByLabelText(/Email address or phone number/), "ada@example.ng");
      await userEvent.type(document.querySelector("input[autocomplete=current-password]") as HTMLInputElement, "Secret#1");
      await userEvent.click(screen.getByRole("button", { name: "Login" }));
    };

    it("says why with the product's name, adds the same quantity after sign-in and goes to the cart", async () => {
      const calls = recordCalls();
      server.use(
        signInAs("customer"),
        detail,
        http.post("/api/cart", () => HttpResponse.json(cartLineAnswer(serverLine("p1", 2, 1000, 10, "Infinix Note 40")))),
      );
      const { router } = renderWithProviders(<SignInPage />, { path: "*", route });
      expect(await screen.findByText("Sign in to add Infinix Note 40 to your cart")).toBeInTheDocument();
      await login();
      await waitFor(() => expect(router.state.location.pathname).toBe("/cart"));
      expect(calls.find((c) => c.path === "/api/cart" && c.method === "POST")?.body).toEqual({ product_id: "p1", count: 2 });
    });

    it("a refused add shows the server's message and returns to the product", async () => {
      server.use(
        signInAs("customer"),
        detail,
        http.post("/api/cart", () => errorAnswer(409, "This product is out of stock")),
      );
      const { router } = renderWithProviders(<SignInPage />, { path: "*", route });
      await login();
      await waitFor(() => expect(router.state.location.pathname).toBe("/product/market-place/p1"));
      expect(await screen.findByText("This product is out of stock")).toBeInTheDocument();
    });

    it("a seller goes to the back office and nothing is added", async () => {
      const calls = recordCalls();
      server.use(signInAs("business"), detail);
      const { router } = renderWithProviders(<SignInPage />, { path: "*", route });
      await login();
      await waitFor(() => expect(router.state.location.pathname).toBe("/admin_real/dashboard"));
      expect(calls.some((c) => c.path === "/api/cart")).toBe(false);
    });
  });

  it("checks a seller's registration with the contract's rules before sending anything", async () => {
    server.use(http.get("/api/category", () => HttpResponse.json(categoriesAnswer([category({ _id: PHONES })]))));
    const calls = recordCalls();
    renderWithProviders(<SignInPage />, { path: "/signin", route: "/signin" });
    await userEvent.click(segment("Register"));
    // The register form is loaded when first asked for (ADR 0147).
    await screen.findByLabelText(/Full name/);
    await userEvent.click(segment("Seller"));
    await userEvent.type(screen.getByLabelText(/Full name/), "Ada Obi");
    await userEvent.type(screen.getByLabelText(/Describe what you sell/), "ab");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Please describe what you sell (3 to 500 characters)")).toBeInTheDocument();
    expect(screen.getByText("Pick 1 to 3 categories")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid e-mail address")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/signup")).toHaveLength(0);
  });

  it("sends a seller's registration with accType Brand and shows the server's field messages under the fields", async () => {
    server.use(
      http.get("/api/category", () =>
        HttpResponse.json(
          categoriesAnswer([category({ _id: PHONES }), category({ _id: SALONS, name: "Salons", type: "services", is_default: false })]),
        ),
      ),
      http.post("/api/signup", () =>
        errorAnswer(400, "Please correct the highlighted fields", { username: "This username is already taken" }),
      ),
    );
    const calls = recordCalls();
    renderWithProviders(<SignInPage />, { path: "/signin", route: "/signin" });
    await userEvent.click(segment("Register"));
    expect(screen.queryByLabelText(/Describe what you sell/)).not.toBeInTheDocument();
    await userEvent.click(segment("Seller"));
    expect(screen.getByLabelText(/Describe what you sell/)).toBeInTheDocument();
    fillAccount();
    const picker = screen.getByPlaceholderText("Pick what you sell");
    await waitFor(() => expect(picker).toBeEnabled());
    await userEvent.click(picker);
    // The dropdown is still in its opening transition (not yet visible to queries) in happy-dom.
    fireEvent.click(await screen.findByRole("option", { name: "Phones", hidden: true }));
    await userEvent.type(screen.getByLabelText(/Describe what you sell/), "Original phones");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("This username is already taken")).toBeInTheDocument();
    const sent = calls.find((c) => c.path === "/api/signup")?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ accType: "Brand", names: "Ada Obi", username: "ada", phone: "08031234567", category_ids: [PHONES] });
  });

  it("clears categories and description when switching Customer/Seller", async () => {
    server.use(http.get("/api/category", () => HttpResponse.json(categoriesAnswer([]))));
    renderWithProviders(<SignInPage />, { path: "/signin", route: "/signin" });
    await userEvent.click(segment("Register"));
    await userEvent.click(segment("Seller"));
    await userEvent.type(screen.getByLabelText(/Describe what you sell/), "Shoes");
    await userEvent.click(segment("Customer"));
    await userEvent.click(segment("Seller"));
    expect(screen.getByLabelText(/Describe what you sell/)).toHaveValue("");
  });

  it("after registering opens the 2FA modal and returns to login mode", async () => {
    server.use(
      http.post("/api/signup", () =>
        HttpResponse.json(
          SignUpAnswer.parse({
            statusCode: 201,
            message: "Account created.",
            data: { email: "ngozi@example.ng", phone: "+2348031234567", accType: "customer" },
          }),
          { status: 201 },
        ),
      ),
    );
    renderWithProviders(<SignInPage />, { path: "/signin", route: "/signin" });
    await userEvent.click(segment("Register"));
    fillAccount();
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByRole("dialog", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText("ngozi@example.ng")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Login" })).toBeInTheDocument();
    const code = screen.getByLabelText("E-mail code");
    await userEvent.type(code, "12345");
    expect(code).toHaveAttribute("data-valid", "false");
    await userEvent.type(code, "6");
    expect(code).toHaveAttribute("data-valid", "true");
  });

  it("recovery: send-mail first, then code and new password; Cancel goes back to login", async () => {
    server.use(
      http.post("/api/recover/send-mail", () =>
        HttpResponse.json(
          MessageAnswer.parse({ statusCode: 200, message: "If an account exists for that e-mail, we have sent a reset code to it." }),
        ),
      ),
    );
    renderWithProviders(<SignInPage />, { path: "/signin", route: "/signin" });
    await userEvent.click(screen.getByRole("button", { name: "Lost your password?" }));
    // The lost-password form is loaded when first asked for (ADR 0147).
    await screen.findByRole("button", { name: "Send reset code" });
    expect(screen.queryByLabelText(/Reset code/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email address/), "ada@example.ng");
    await userEvent.click(screen.getByRole("button", { name: "Send reset code" }));
    expect(await screen.findByLabelText(/Reset code/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveValue("ada@example.ng");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("form", { name: "Login" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Lost your password?" }));
    expect(screen.queryByLabelText(/Reset code/)).not.toBeInTheDocument();
  });
});

describe("offeredCategories", () => {
  const groups = [{ group: "Market Place", items: ["a", "b", "c", "d"].map((value) => ({ value, label: value.toUpperCase() })) }];
  it("offers every category until 3 are picked, then only the picked ones (hidden as picked)", () => {
    expect(offeredCategories(groups, ["a", "b"])[0]!.items).toHaveLength(4);
    expect(offeredCategories(groups, ["a", "b", "c"])[0]!.items.map((i) => i.value)).toEqual(["a", "b", "c"]);
  });
});
