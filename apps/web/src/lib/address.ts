/**
 * What the web's two address forms share, the address book's (spec §2 "Address book") and
 * checkout's Shipping Address panel (spec §2 "Checkout"): the empty fields a new address starts
 * from, and a saved address's fields as form values.
 */
import type { Address, ShippingAddressFields } from "@market/contract";

/** The country a new address starts with: most of our shoppers are in Nigeria. */
export const DEFAULT_COUNTRY = "Nigeria";

/** A new address: every field empty but the country. */
export const EMPTY_ADDRESS: ShippingAddressFields = {
  first_name: "",
  last_name: "",
  company: "",
  address1: "",
  address2: "",
  state: "",
  city: "",
  country: DEFAULT_COUNTRY,
  zip: "",
  phone: "",
};

/** A saved address's fields, without its id, its place in the list and its default flag. */
export function addressFields(a: Address): ShippingAddressFields {
  const { _id, address_id, default: _default, ...fields } = a;
  return fields;
}
