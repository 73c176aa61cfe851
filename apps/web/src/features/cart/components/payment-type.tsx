/**
 * Checkout's payment type (spec §4 "Checkout", ADRs 0201, 0220): "Bank Transfer" (the default, with
 * the payer's account number), "Card payment" through Paystack when the store takes cards (else the
 * spec's disabled "coming soon"), and "Pay on delivery" when the server's quote allows it for this
 * cart, state and buyer, else disabled with the quote's sentence saying why.
 */
import { NativeSelect, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { DEFAULT_PAYMENT_TYPE, NUBAN_LENGTH, PAY_ON_DELIVERY, type PayOnDeliveryOffer, payTheCourier, TEXT } from "@market/contract";
import { useEffect } from "react";
import { naira2 } from "../../../lib/money";

type PaymentValues = { payment_type: string; account_no: string };

export function PaymentTypeFields<V extends PaymentValues>({
  form,
  cardPayments,
  payOnDelivery,
  total,
  onAccountNo,
}: {
  form: UseFormReturnType<V>;
  /** Sets the payer's account number (digits only). */
  onAccountNo: (digits: string) => void;
  cardPayments: boolean;
  /** The quote's offer; undefined until it answers (then the option waits, disabled). */
  payOnDelivery: PayOnDeliveryOffer | undefined;
  /** The order's total, naira. */
  total: number;
}) {
  const type = form.values.payment_type;
  const payByCard = cardPayments && type === "card";
  const podAvailable = Boolean(payOnDelivery?.available);
  const payOnArrival = podAvailable && type === PAY_ON_DELIVERY;
  // The quote stopped offering it (cart, state or cap changed): back to the default, so Place Order
  // is not refused for a payment type the buyer can no longer pick.
  const withdrawn = payOnDelivery !== undefined && !payOnDelivery.available && type === PAY_ON_DELIVERY;
  useEffect(() => {
    if (withdrawn) form.getInputProps("payment_type").onChange(DEFAULT_PAYMENT_TYPE);
  }, [withdrawn, form]);
  return (
    <>
      <NativeSelect
        label="Payment type"
        data={[
          { value: DEFAULT_PAYMENT_TYPE, label: "Bank Transfer" },
          cardPayments ? { value: "card", label: "Card payment" } : { value: "card", label: TEXT.pages.cardComingSoon, disabled: true },
          { value: PAY_ON_DELIVERY, label: "Pay on delivery", disabled: !podAvailable },
        ]}
        {...form.getInputProps("payment_type")}
      />
      {payOnDelivery && !payOnDelivery.available && payOnDelivery.reason ? (
        <Text size="sm" c="dimmed" data-testid="pod-reason">
          {payOnDelivery.reason}
        </Text>
      ) : null}
      {payByCard ? (
        <Text size="sm" c="dimmed" data-testid="card-note">
          You pay {naira2(total)} on Paystack's secure page (card, USSD or bank); your items are held for 15 minutes.
        </Text>
      ) : null}
      {payOnArrival ? (
        <Text size="sm" data-testid="pod-note">
          {payTheCourier(total)}. We text a 6-digit delivery code to your phone: give it to the courier only once you have your items.
        </Text>
      ) : null}
      <TextInput
        display={payByCard || payOnArrival ? "none" : undefined}
        label={TEXT.pages.payerAccountLabel}
        inputMode="numeric"
        maxLength={NUBAN_LENGTH}
        placeholder="0239476516"
        {...form.getInputProps("account_no")}
        onChange={(e) => onAccountNo(e.currentTarget.value.replace(/\D/g, ""))}
      />
    </>
  );
}
