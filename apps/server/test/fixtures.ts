/** Values several API tests send as they are. */
import { SHIPPING_FEE_NAIRA } from "@market/contract";

/** A Lagos shipping address, as the checkout form sends it (spec §3 "Shipping address"). */
export const SHIPPING_ADDRESS = {
  first_name: "Tunde",
  last_name: "Bakare",
  company: "",
  address1: "12 Allen Avenue",
  address2: "",
  city: "Ikeja",
  state: "Lagos" as const,
  country: "Nigeria",
  zip: "100271",
  phone: "+2348031234567",
};

/**
 * The checkout form (POST /api/transactions/createSession) for a cart whose total is `amount`
 * naira, from an API client that replaces the shopper's pending order (`replace_pending`, ADR
 * 0136; the web never sends it): the tests check out the same shopper again and again.
 */
export const checkoutBody = (amount: number) => ({
  replace_pending: true,
  ...SHIPPING_ADDRESS,
  shippingFees: SHIPPING_FEE_NAIRA,
  payment_type: "bank_transfer" as const,
  product_type: "market-place" as const,
  account_no: "0123456789",
  amount,
});

/** The settings production requires (config.ts), with test values. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://shop.example.ng",
  STORE_ACCOUNT_NO: "9876543210",
  STORE_BANK: "Test Bank",
  STORE_ACCOUNT_NAME: "Test Store Ltd",
};
