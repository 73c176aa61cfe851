import { useForm } from "@mantine/form";
import { type PayOnDeliveryOffer, POD_MESSAGES } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render";
import { PaymentTypeFields } from "./payment-type";

function Harness({ offer, type }: { offer: PayOnDeliveryOffer | undefined; type: string }) {
  const form = useForm({ initialValues: { payment_type: type, account_no: "" } });
  return <PaymentTypeFields form={form} cardPayments={false} payOnDelivery={offer} total={19_500} onAccountNo={() => {}} />;
}

describe("checkout's payment type", () => {
  it("offers pay on delivery disabled with the quote's reason when a rule fails", () => {
    renderWithProviders(<Harness offer={{ available: false, reason: POD_MESSAGES.phone }} type="bank_transfer" />);
    expect(screen.getByRole("option", { name: "Pay on delivery" })).toBeDisabled();
    expect(screen.getByTestId("pod-reason")).toHaveTextContent(POD_MESSAGES.phone);
  });

  it("when allowed and chosen, says what to pay the courier and asks no account number", () => {
    renderWithProviders(<Harness offer={{ available: true, reason: null }} type="pay_on_delivery" />);
    expect(screen.getByRole("option", { name: "Pay on delivery" })).toBeEnabled();
    expect(screen.getByTestId("pod-note")).toHaveTextContent("Pay the courier ₦19,500 on delivery");
    expect(screen.queryByTestId("pod-reason")).toBeNull();
    expect(screen.getByLabelText(/Enter Account Number/)).not.toBeVisible();
  });

  it("switches back to Bank Transfer when the quote stops offering pay on delivery", async () => {
    renderWithProviders(<Harness offer={{ available: false, reason: POD_MESSAGES.cap(100_000) }} type="pay_on_delivery" />);
    await waitFor(() => expect(screen.getByLabelText("Payment type")).toHaveValue("bank_transfer"));
    expect(screen.getByLabelText(/Enter Account Number/)).toBeVisible();
  });
});
