/**
 * Checkout (/checkout, spec §2 "Checkout", §3 "Checkout form", §4 "Checkout", §8, §9):
 * - Shipping Address panel (country, first/last name, address 1 and 2, state, city, zip, phone),
 *   filled on first load from the default address in GET /api/me `data.addresses`;
 * - Secure Payment panel: payment type "Bank Transfer" (default) and a disabled "Card payment --
 *   coming soon", and the payer's account number;
 * - Review Order panel: each line (name, quantity, line total), subtotal, flat-rate shipping, total,
 *   "Edit Cart" to /cart; "Place Order".
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
  NUBAN_LENGTH,
  nairaToKobo,
  shippingFeeKobo,
  TEXT,
  type TransferForm,
  toFixed2,
} from "@market/contract";
import { IconLock, IconMapPin, IconReceipt } from "@tabler/icons-react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate } from "react-router";
import { BankTransferModal } from "../../../components/orders/bank-transfer-modal";
import { PendingOrder } from "../../../components/orders/pending-order";
import { Skeleton } from "../../../components/ui/skeleton";
import { addressFields, DEFAULT_COUNTRY, EMPTY_ADDRESS } from "../../../lib/address";
import { cartSubtotal, useCart } from "../../../lib/cart";
import { countryNames } from "../../../lib/countries";
import { useSchemaForm } from "../../../lib/form";
import { naira2 } from "../../../lib/money";
import { useCreateSession } from "../../../lib/queries/orders";
import { useStoreSettings } from "../../../lib/queries/settings";
import { type SessionUser, useSession } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";

/** The checkout form's rules (the contract's, less the total), loaded with Zod on the form's first focus or submit. */
const checkoutFields = () => import("../schemas").then((m) => m.CheckoutFields);

const EMPTY = {
  ...EMPTY_ADDRESS,
  payment_type: DEFAULT_PAYMENT_TYPE as string,
  account_no: "",
};

/** The form values of the user's default address (else their first), or null without an address book. */
function defaultAddressValues(details: SessionUser | null) {
  const addresses = details?.addresses ?? [];
  const def = addresses.find((a) => a.default) ?? addresses[0];
  return def ? { ...addressFields(def), country: def.country || DEFAULT_COUNTRY } : null;
}

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
  const cart = useCart();
  const create = useCreateSession();
  const [record, setRecord] = useState<TransferForm | null>(null);
  // Nigeria first, where most shoppers are (the address book puts the spec's Pakistan first).
  const countryList = useMemo(() => countryNames(DEFAULT_COUNTRY), []);
  // First load: the form starts from the default address (spec §4 "Checkout") when the user is
  // known at the first render (a server-drawn page brings them), so the server draws the filled form
  // and hydrating it changes nothing; else it is copied in once the user arrives (ADR 0192).
  const form = useSchemaForm<typeof EMPTY>(checkoutFields, {
    initialValues: { ...EMPTY, ...defaultAddressValues(details) },
    alertTitle: TEXT.alerts.checkoutErrorTitle,
  });
  const filled = useRef(details !== null);
  useEffect(() => {
    if (filled.current || !details) return;
    filled.current = true;
    const values = defaultAddressValues(details);
    if (values) form.setValues(values);
  }, [details, form.setValues]);

  const subtotal = cartSubtotal(cart.items);
  // The server's own rule and the admin's threshold (ADR 0135), so the total shown is the one charged.
  const shipping = koboToNaira(shippingFeeKobo(nairaToKobo(subtotal), form.values.state, settings?.free_shipping_over ?? 0));
  const total = koboToNaira(nairaToKobo(subtotal) + nairaToKobo(shipping));
  const closeModal = useCallback(() => setRecord(null), []);

  // The threshold too: a total is never shown before the rule that makes it is known.
  if (loading || !settings) return <CheckoutPlaceholder />;
  // The frame stays until the browser has moved on (the server draws it too, where Navigate does nothing).
  if (!isLogin)
    return (
      <>
        <CheckoutPlaceholder />
        <Navigate to="/" replace />
      </>
    );

  const placeOrder = form.submitWith(
    (values) =>
      create.mutateAsync({
        ...values,
        // The only choice the schema let through (card payment is refused with its message).
        payment_type: DEFAULT_PAYMENT_TYPE,
        shippingFees: shipping,
        product_type: DEFAULT_PRODUCT_TYPE,
        amount: toFixed2(total),
      }),
    {
      onSuccess: (res) => {
        if (res.data?.data !== "session") return;
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
      {record === null ? <PendingOrder enabled={isLogin} /> : null}
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
                    <TextInput label="State" autoComplete="address-level1" {...form.getInputProps("state")} />
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
                  <NativeSelect
                    label="Payment type"
                    data={[
                      { value: DEFAULT_PAYMENT_TYPE, label: "Bank Transfer" },
                      { value: "card", label: TEXT.pages.cardComingSoon, disabled: true },
                    ]}
                    {...form.getInputProps("payment_type")}
                  />
                  <TextInput
                    label={TEXT.pages.payerAccountLabel}
                    inputMode="numeric"
                    maxLength={NUBAN_LENGTH}
                    placeholder="0123456789"
                    {...form.getInputProps("account_no")}
                    onChange={(e) => form.setFieldValue("account_no", e.currentTarget.value.replace(/\D/g, ""))}
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
                  <Group key={l.product} justify="space-between" wrap="nowrap" gap="sm">
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
                  <Text size="sm">Shipping (flat rate)</Text>
                  {/* Spec §9: no currency beside the shipping fee. */}
                  <Text size="sm" fw={600} data-testid="checkout-shipping">
                    {shipping === 0 ? "Free" : formatNaira(shipping).replace("₦", "")}
                  </Text>
                </Group>
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
                <Button
                  type="submit"
                  size="md"
                  mt="sm"
                  fullWidth
                  loading={create.isPending}
                  disabled={cart.items.length === 0 || create.isPending || record !== null}
                >
                  {TEXT.buttons.placeOrder}
                </Button>
              </Stack>
            </Panel>
          </Grid.Col>
        </Grid>
      </form>
      <BankTransferModal record={record} onClose={closeModal} />
    </Box>
  );
}
