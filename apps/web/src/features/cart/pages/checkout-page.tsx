/**
 * Checkout (/checkout, spec §2 "Checkout", §3 "Checkout form", §4 "Checkout", §8, §9):
 * - Shipping Address panel (country, first/last name, address 1 and 2, state, city, zip, phone),
 *   starting from the default address in GET /api/me `data.addresses`; the state is picked from
 *   Nigeria's 36 states and the FCT, and the shipment groups are quoted again when it changes;
 * - Secure Payment panel (components/payment-type.tsx): payment type "Bank Transfer" (default),
 *   "Card payment" through Paystack when the store takes cards (else the spec's disabled "Card
 *   payment -- coming soon"; ADR 0201) and "Pay on delivery" when the quote allows it (else disabled
 *   with its reason; ADR 0220), and, for a transfer, the payer's account number;
 * - Review Order panel: each line (name, quantity, line total), subtotal, shipping, total,
 *   "Edit Cart" to /cart; "Place Order". Beside the shipping, one row per seller's shipment (fee,
 *   days, pickup points) from GET /api/shipping/quote (ADR 0199); a seller who does not deliver to
 *   the state stops the order with the server's sentence.
 * The form starts from the default address, so the first paint (the server's) shows the shipping
 * and total that will be charged. With an order awaiting payment, "Place Order" asks before it
 * replaces that order (ADR 0186); "Continue payment" above reopens it.
 * Signed-out users are sent to /; while the session loads (a page the browser draws itself, ADR 0130)
 * the title and the three panels with placeholders of their size. "Place Order" sends the form with `amount` = total to 2 decimals;
 * a reply with `data.data === "session"` opens the Bank Transfer modal with `data.Form`. A failure
 * shows the "Oops" alert with the server's message.
 */
import {
  Anchor,
  Box,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  DEFAULT_PAYMENT_TYPE,
  DEFAULT_PRODUCT_TYPE,
  formatNaira,
  koboToNaira,
  NIGERIAN_STATES,
  nairaToKobo,
  nigerianState,
  PAY_ON_DELIVERY,
  shippingFeeKobo,
  TEXT,
  type TransferForm,
  toFixed2,
} from "@market/contract";
import { IconLock, IconMapPin, IconReceipt } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PendingOrder } from "../../../components/orders/pending-order";
import { Skeleton } from "../../../components/ui/skeleton";
import { addressFields, DEFAULT_COUNTRY, EMPTY_ADDRESS } from "../../../lib/address";
import { cartSubtotal, lineKey, resetCart, useCart } from "../../../lib/cart";
import { countryNames } from "../../../lib/countries";
import { useSchemaForm } from "../../../lib/form";
import { naira2 } from "../../../lib/money";
import { useCreateSession, usePendingTransfer } from "../../../lib/queries/orders";
import { useStoreSettings } from "../../../lib/queries/settings";
import { useShippingQuote } from "../../../lib/queries/shipping";
import { type SessionUser, useSession } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import { PaymentTypeFields } from "../components/payment-type";
import { ShipmentRow } from "../components/shipment-row";

/** The Bank Transfer modal opens only after Place Order: its code is not part of the page's first load. */
const BankTransferModal = lazy(() =>
  import("../../../components/orders/bank-transfer-modal").then((m) => ({ default: m.BankTransferModal })),
);

/** The checkout form's rules (the contract's, less the total), loaded with Zod on the form's first focus or submit. */
const checkoutFields = () => import("../schemas").then((m) => m.CheckoutFields);

const EMPTY = {
  ...EMPTY_ADDRESS,
  payment_type: DEFAULT_PAYMENT_TYPE as string,
  account_no: "",
};

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="xs" mb="md">
        {icon}
        <Title order={2} fz="lg">
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

/** The page's frame while the session loads: no fields yet, so nothing typed into them is lost. */
function CheckoutPlaceholder() {
  return (
    <Box py="xl" px={{ base: "sm", sm: "xl" }} maw={1200} mx="auto" data-testid="checkout-placeholder">
      <Title order={1} mb="lg">
        Checkout
      </Title>
      <VisuallyHidden>{TEXT.pages.loading}</VisuallyHidden>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Panel title="Shipping Address" icon={<IconMapPin size={20} />}>
              <Skeleton h={420} />
            </Panel>
            <Panel title="Secure Payment" icon={<IconLock size={20} />}>
              <Skeleton h={140} />
            </Panel>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Panel title="Review Order" icon={<IconReceipt size={20} />}>
            <Skeleton h={260} />
          </Panel>
        </Grid.Col>
      </Grid>
    </Box>
  );
}

export default function CheckoutPage() {
  usePageTitle("Checkout");
  const { isLogin, loading, details } = useSession();
  const settings = useStoreSettings();

  // The threshold too: a total is never shown before the rule that makes it is known.
  if (loading || !settings) return <CheckoutPlaceholder />;
  // The frame stays until the browser has moved on (the server draws it too, where Navigate does nothing).
  if (!isLogin || !details)
    return (
      <>
        <CheckoutPlaceholder />
        <Navigate to="/" replace />
      </>
    );
  return <CheckoutForm details={details} freeShippingOver={settings.free_shipping_over} cardPayments={Boolean(settings.card_payments)} />;
}

/**
 * The form's first values: the default address (else the first) of the user, so the first paint,
 * the server's included, shows the shipping and total of that address (spec §4 "Checkout"). Its
 * typed state is read as the State picker spells it ("lagos state" -> "Lagos"); one that is no
 * Nigerian state leaves the picker on "Choose your state".
 */
function firstValues(details: SessionUser): typeof EMPTY {
  const def = details.addresses.find((a) => a.default) ?? details.addresses[0];
  if (!def) return EMPTY;
  return { ...EMPTY, ...addressFields(def), country: def.country || DEFAULT_COUNTRY, state: nigerianState(def.state) ?? "" };
}

/** The State picker's choices: the contract's one list of Nigeria's 36 states and the FCT (ADR 0199). */
const STATE_CHOICES = [{ value: "", label: "Choose your state" }, ...NIGERIAN_STATES];

function CheckoutForm({
  details,
  freeShippingOver,
  cardPayments,
}: {
  details: SessionUser;
  freeShippingOver: number;
  /** The store takes cards through Paystack (ADR 0201); else the spec's disabled "coming soon". */
  cardPayments: boolean;
}) {
  const cart = useCart();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const create = useCreateSession();
  const pending = usePendingTransfer(true).data;
  const [record, setRecord] = useState<TransferForm | null>(null);
  // "Place Order" while an order awaits payment: asked first, then sent replacing it (ADR 0186).
  const [askReplace, setAskReplace] = useState(false);
  const replaceAsked = useRef(false);
  // Nigeria first, where most shoppers are (the address book puts the spec's Pakistan first).
  const countryList = useMemo(() => countryNames(DEFAULT_COUNTRY), []);
  const form = useSchemaForm<typeof EMPTY>(checkoutFields, {
    initialValues: firstValues(details),
    alertTitle: TEXT.alerts.checkoutErrorTitle,
  });

  const subtotal = cartSubtotal(cart.items);
  // One shipment per seller (ADR 0199): the server's quote for a Nigerian state, with the pickup
  // points chosen. Until it answers (and for a state it does not know) the store's own rule and the
  // admin's threshold (ADR 0135), what a cart of sellers without rates is charged.
  const [pickups, setPickups] = useState<Record<string, string>>({});
  const state = nigerianState(form.values.state);
  const cartKey = cart.items.map((l) => `${lineKey(l)}:${l.qty}`).join(",");
  const quote = useShippingQuote(state, Object.values(pickups).filter(Boolean), cartKey, cart.items.length > 0).data;
  const current = quote && quote.state === state ? quote : undefined;
  const shipping = current ? current.shipping : koboToNaira(shippingFeeKobo(nairaToKobo(subtotal), form.values.state, freeShippingOver));
  const total = koboToNaira(nairaToKobo(subtotal) + nairaToKobo(shipping));
  const groups = current?.groups ?? [];
  const ownRates = groups.some((g) => !g.store_rate);
  const closeModal = useCallback(() => setRecord(null), []);
  // Mounted from the first Place Order on, so the modal's closing transition plays.
  const [modalMounted, setModalMounted] = useState(false);
  if (record && !modalMounted) setModalMounted(true);

  const placeOrder = form.submitWith(
    (values) => {
      const replacePending = replaceAsked.current;
      replaceAsked.current = false;
      if (pending && !replacePending) {
        setAskReplace(true);
        return undefined;
      }
      const card = cardPayments && values.payment_type === "card";
      const pod = values.payment_type === PAY_ON_DELIVERY;
      return create.mutateAsync({
        ...values,
        payment_type: card ? "card" : pod ? PAY_ON_DELIVERY : DEFAULT_PAYMENT_TYPE,
        account_no: card || pod ? undefined : values.account_no,
        shippingFees: shipping,
        pickup_point_ids: Object.values(pickups).filter(Boolean),
        product_type: DEFAULT_PRODUCT_TYPE,
        amount: toFixed2(total),
        ...(replacePending ? { replace_pending: true } : {}),
      });
    },
    {
      onSuccess: (res) => {
        if (res.data?.data !== "session") return;
        // Card: Paystack's page takes the payment and sends the buyer back to the order (ADR 0201).
        if (res.data.authorization_url) {
          window.location.assign(res.data.authorization_url);
          return;
        }
        // Pay on delivery: the order is placed; its page says what to pay and that the code is sent (ADR 0221).
        if (res.data.Form.provider === PAY_ON_DELIVERY) {
          // The order is placed now, so the server emptied the cart with it.
          resetCart(qc);
          navigate(`/account/orders/${res.data.Form.order_id}`);
          return;
        }
        form.setValues((v) => ({ ...v, account_no: res.data.Form.account_no }));
        setRecord(res.data.Form);
      },
    },
  );

  return (
    <Box py="xl" px={{ base: "sm", sm: "xl" }} maw={1200} mx="auto">
      <Title order={1} mb="lg">
        Checkout
      </Title>
      {/* An order already awaiting payment is continued, not silently replaced (ADR 0136). */}
      {record === null ? <PendingOrder enabled /> : null}
      <form onSubmit={placeOrder} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Panel title="Shipping Address" icon={<IconMapPin size={20} />}>
                <Stack gap="sm">
                  <NativeSelect label="Country" data={countryList} {...form.getInputProps("country")} />
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <TextInput label="First name" autoComplete="given-name" {...form.getInputProps("first_name")} />
                    <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps("last_name")} />
                  </SimpleGrid>
                  <TextInput label="Address 1" autoComplete="address-line1" {...form.getInputProps("address1")} />
                  <TextInput label="Address 2" autoComplete="address-line2" {...form.getInputProps("address2")} />
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    {/* The states delivery is priced by (ADR 0199); the phone's own picker for 37 names. */}
                    <NativeSelect label="State" autoComplete="address-level1" data={STATE_CHOICES} {...form.getInputProps("state")} />
                    <TextInput label="City" autoComplete="address-level2" {...form.getInputProps("city")} />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <TextInput label="Zip / postal code" autoComplete="postal-code" {...form.getInputProps("zip")} />
                    <TextInput label="Phone number" type="tel" autoComplete="tel" {...form.getInputProps("phone")} />
                  </SimpleGrid>
                </Stack>
              </Panel>

              <Panel title="Secure Payment" icon={<IconLock size={20} />}>
                <Stack gap="sm">
                  <PaymentTypeFields
                    form={form}
                    cardPayments={cardPayments}
                    payOnDelivery={current?.pay_on_delivery}
                    total={total}
                    onAccountNo={(digits) => form.setFieldValue("account_no", digits)}
                  />
                </Stack>
              </Panel>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5 }}>
            <Panel title="Review Order" icon={<IconReceipt size={20} />}>
              <Stack gap="xs" data-testid="review-order">
                {cart.items.length === 0 ? <Text c="dimmed">{TEXT.pages.emptyCart}</Text> : null}
                {cart.items.map((l) => (
                  <Group key={lineKey(l)} justify="space-between" wrap="nowrap" gap="sm">
                    <Text size="sm" lineClamp={2} style={{ minWidth: 0 }}>
                      {l.name}{" "}
                      <Text span c="dimmed" size="sm">
                        x {l.qty}
                      </Text>
                    </Text>
                    <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                      {formatNaira(l.price * l.qty)}
                    </Text>
                  </Group>
                ))}
                <Divider my="xs" />
                <Group justify="space-between">
                  <Text size="sm">Subtotal</Text>
                  <Text size="sm" fw={600}>
                    {naira2(subtotal)}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="sm">{ownRates ? "Shipping" : "Shipping (flat rate)"}</Text>
                  {/* Spec §9: no currency beside the shipping fee. */}
                  <Text size="sm" fw={600} data-testid="checkout-shipping">
                    {shipping === 0 ? "Free" : formatNaira(shipping).replace("₦", "")}
                  </Text>
                </Group>
                {groups.length > 1 || ownRates ? (
                  <Stack gap={6} data-testid="shipping-groups">
                    {groups.map((g) => (
                      <ShipmentRow
                        key={g.seller_id}
                        group={g}
                        state={state ?? ""}
                        pickup={pickups[g.seller_id] ?? ""}
                        onPickup={(id) => setPickups((p) => ({ ...p, [g.seller_id]: id }))}
                      />
                    ))}
                  </Stack>
                ) : null}
                {current?.blocked ? (
                  <Text size="sm" c="red.8" fw={600} role="alert" data-testid="checkout-blocked">
                    {current.blocked}
                  </Text>
                ) : null}
                <Divider my="xs" />
                <Group justify="space-between">
                  <Text fw={800}>Total</Text>
                  <Text fw={800} fz="xl" data-testid="checkout-total">
                    {naira2(total)}
                  </Text>
                </Group>
                {/* Links otherwise take the text's colour (global.css): this one must look like a link. */}
                <Anchor component={Link} to="/cart" size="sm" c="naija.8" underline="always" fw={600}>
                  Edit Cart
                </Anchor>
                {pending && record === null ? (
                  <Text size="sm" c="dimmed" data-testid="checkout-replace-note">
                    {TEXT.pages.replacePendingNote}
                  </Text>
                ) : null}
                <Button
                  type="submit"
                  size="md"
                  mt="sm"
                  fullWidth
                  loading={create.isPending}
                  disabled={cart.items.length === 0 || create.isPending || record !== null || Boolean(current?.blocked)}
                >
                  {TEXT.buttons.placeOrder}
                </Button>
              </Stack>
            </Panel>
          </Grid.Col>
        </Grid>
      </form>
      {modalMounted ? (
        <Suspense fallback={null}>
          <BankTransferModal record={record} onClose={closeModal} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        opened={askReplace}
        title={TEXT.pages.replacePendingTitle}
        onClose={() => setAskReplace(false)}
        onConfirm={() => {
          replaceAsked.current = true;
          placeOrder();
        }}
      >
        <Text size="sm">
          Your order of {pending ? naira2(pending.amount) : ""} awaiting payment is cancelled and its items go back on sale; this order is
          placed instead. To pay for that order, choose "{TEXT.confirm.no}", then "Continue payment".
        </Text>
      </ConfirmDialog>
    </Box>
  );
}
