/**
 * Test data of the web tests, built from the contract's schemas: each builder `parse`s what it
 * answers with the schema the server answers with, so a fixture that drifts from the contract fails
 * the test loudly instead of testing a screen against an answer the server never sends. Every
 * builder takes overrides of its defaults.
 */
import {
  AdminTransaction,
  AdminTransactionsAnswer,
  AdminUserRow,
  AdminUsersAnswer,
  BuyerOrder,
  BuyerOrderLine,
  BuyerOrdersAnswer,
  CartLineAnswer,
  CartListAnswer,
  Category,
  CategoryListAnswer,
  DashboardData,
  MeAnswer,
  type OrderView,
  OrderViewAnswer,
  Post,
  Product,
  ProductListAnswer,
  ServerCartLine,
  TransferForm,
  UserDetails,
  WalletBanksAnswer,
  WishlistAnswer,
  WishlistItem,
} from "@market/contract";

const CREATED = "2026-01-01T00:00:00.000Z";

/** A saved address (contract `UserDetails.addresses`). */
export function address(overrides: Partial<UserDetails["addresses"][number]> = {}): UserDetails["addresses"][number] {
  return UserDetails.shape.addresses.element.parse({
    _id: "a1",
    address_id: 0,
    first_name: "Tunde",
    last_name: "Bakare",
    company: "",
    address1: "14 Allen Avenue",
    address2: "",
    state: "Lagos",
    city: "Ikeja",
    country: "Nigeria",
    zip: "100271",
    phone: "+2348096660006",
    default: true,
    ...overrides,
  });
}

/** The signed-in user as GET /api/me answers it: a verified customer with one default address. */
export function user(overrides: Partial<UserDetails> = {}): UserDetails {
  return UserDetails.parse({
    _id: "u1",
    names: "Tunde Bakare",
    username: "tunde",
    email: "tunde@naijamarket.ng",
    phone: "+2348031234567",
    whatsapp: null,
    profile: null,
    desc: "",
    accType: "customer",
    active: true,
    status: "approved",
    verified: { blue_tick: false, email: true, phone: true },
    account_no: null,
    bank_code: null,
    account_name: null,
    bank_account_verified: false,
    must_change_password: false,
    category_ids: [],
    business: null,
    followers: [],
    addresses: [address()],
    createdAt: CREATED,
    ...overrides,
  });
}

/** GET /api/me's answer for `user(overrides)`. */
export function meAnswer(overrides: Partial<UserDetails> = {}): MeAnswer {
  return MeAnswer.parse({ statusCode: 200, data: user(overrides) });
}

/** A category. */
export function category(overrides: Partial<Category> = {}): Category {
  return Category.parse({ _id: "c1", name: "Phones", type: "market-place", is_default: true, ...overrides });
}

/** GET /api/category's answer. */
export function categoriesAnswer(categories: Category[]): CategoryListAnswer {
  return CategoryListAnswer.parse({ statusCode: 200, data: categories });
}

/** A product (naira price). */
export function product(overrides: Partial<Product> = {}): Product {
  return Product.parse({
    _id: "p1",
    user_id: "s1",
    name: "Product p1",
    image_urls: [],
    price: 1000,
    count_in_stock: 10,
    description: "",
    category_id: "c1",
    category_name: "Phones",
    body: null,
    reactions: [],
    stars: 0,
    reactions_count: 0,
    listed: true,
    createdAt: CREATED,
    // A product without options: its hidden default variant (ADR 0215).
    options: [],
    variants: [
      {
        _id: overrides._id ?? "p1",
        sku: "",
        options: {},
        price: overrides.price ?? 1000,
        count_in_stock: overrides.count_in_stock ?? 10,
        image_url: null,
      },
    ],
    ...overrides,
  });
}

/** A service (post). */
export function post(overrides: Partial<Post> = {}): Post {
  return Post.parse({
    _id: "s-p1",
    user_id: "s1",
    category_id: "c2",
    category_name: "Salons",
    body: "Braiding at home, Lekki and Ajah",
    image_urls: [],
    reactions: [],
    stars: 0,
    reactions_count: 0,
    reviews_count: 0,
    listed: true,
    createdAt: CREATED,
    ...overrides,
  });
}

/** Page facts of a listing answer: `items` are positions `from`.. of `total`. */
function pageOf(
  count: number,
  overrides: { total?: number; from?: number; limit?: number; nextCursor?: string | null; prevCursor?: string | null },
) {
  const limit = overrides.limit ?? 12;
  const from = count ? (overrides.from ?? 1) : 0;
  return {
    total: overrides.total ?? count,
    page: from ? Math.floor((from - 1) / limit) + 1 : 1,
    limit,
    from,
    to: count ? from + count - 1 : 0,
    nextCursor: overrides.nextCursor ?? null,
    prevCursor: overrides.prevCursor ?? null,
  };
}

/** GET /api/product's list answer. */
export function productListAnswer(products: Product[], page: Parameters<typeof pageOf>[1] = {}): ProductListAnswer {
  return ProductListAnswer.parse({ statusCode: 200, products, ...pageOf(products.length, page) });
}

/** A server cart line of `count` units of product `id`. */
export function serverLine(id: string, count: number, price = 1000, stock = 10, name = `Product ${id}`): ServerCartLine {
  return ServerCartLine.parse({
    _id: `line-${id}`,
    count,
    productId: { _id: id, user_id: "s1", name, image_urls: [], price, count_in_stock: stock, category_id: "c1" },
    variant: null,
  });
}

/** GET /api/cart's answer. */
export function cartAnswer(lines: ServerCartLine[]): CartListAnswer {
  return CartListAnswer.parse({ statusCode: 200, data: lines });
}

/** POST /api/cart's answer. */
export function cartLineAnswer(line: ServerCartLine): CartLineAnswer {
  return CartLineAnswer.parse({ statusCode: 200, message: "Added to cart", data: line });
}

/** A wishlist line. */
export function wishlistItem(overrides: Partial<WishlistItem> = {}): WishlistItem {
  const id = overrides.product_id ?? overrides._id ?? "p1";
  return WishlistItem.parse({
    _id: id,
    product_id: id,
    name: "Rice",
    image_urls: [],
    price: 100,
    count_in_stock: 1,
    in_stock: true,
    listed: true,
    has_options: false,
    added_at: CREATED,
    ...overrides,
  });
}

/** GET/POST/DELETE /api/wishlist's answer. */
export function wishlistAnswer(items: WishlistItem[]): WishlistAnswer {
  return WishlistAnswer.parse({ statusCode: 200, data: items });
}

/** A line of a buyer's order. */
export function orderLine(overrides: Partial<BuyerOrderLine> = {}): BuyerOrderLine {
  return BuyerOrderLine.parse({
    _id: "l1",
    product_id: "p1",
    name: "Electric Kettle",
    variant: null,
    image_url: null,
    unit_price: 12500,
    quantity: 1,
    fulfilment: "unfulfilled",
    ...overrides,
  });
}

/** A buyer's order (naira amounts). */
export function buyerOrder(overrides: Partial<BuyerOrder> = {}): BuyerOrder {
  return BuyerOrder.parse({
    _id: "abcdef123456",
    number: "NM-26-000123",
    status: "paid",
    total: 14500,
    subtotal: 12500,
    shipping: 2000,
    createdAt: CREATED,
    reserved_until: CREATED,
    lines: [orderLine()],
    refunds: [],
    ...overrides,
  });
}

/** GET /api/orders/{id}'s answer: a paid Abuja order of one line, as its seller sees it unless overridden. */
export function orderViewAnswer(overrides: Partial<OrderView> = {}): OrderViewAnswer {
  return OrderViewAnswer.parse({
    statusCode: 200,
    data: {
      view: "seller",
      _id: "22222222-2222-4222-8222-222222222222",
      number: "NM-26-000123",
      status: "paid",
      createdAt: CREATED,
      buyer: { _id: "u1", names: "Amaka Eze" },
      address: {
        first_name: "Amaka",
        last_name: "Eze",
        company: "",
        address1: "7 Aminu Kano Crescent",
        address2: "",
        city: "Abuja",
        state: "FCT",
        country: "Nigeria",
        zip: "904101",
        phone: "0809 111 2233",
        phone_international: "+2348091112233",
      },
      lines: [
        {
          ...orderLine({ _id: "33333333-3333-4333-8333-333333333333", name: "Ankara Tote", unit_price: 15000, quantity: 2 }),
          amount: 30000,
          seller: { _id: "s1", names: "Ada Okafor" },
          shipped_at: null,
          delivered_at: null,
          carrier: "",
          tracking: "",
          tracking_url: null,
          received_at: null,
          cancelled_at: null,
          cancel_reason: null,
          ship_by: "2026-01-05T17:00:00.000Z",
          report_until: null,
          problems: [],
        },
      ],
      shipments: [
        {
          seller: { _id: "s1", names: "Ada Okafor" },
          fee: 1500,
          min_days: 1,
          max_days: 2,
          store_rate: false,
          pickup: null,
          expected_from: "2026-01-03T10:00:00.000Z",
          expected_to: "2026-01-04T10:00:00.000Z",
        },
      ],
      totals: null,
      payment: null,
      refunds: [],
      timeline: [{ kind: "placed", at: CREATED, text: "Order NM-26-000123 placed" }],
      events: [],
      ...overrides,
    },
  });
}

/** GET /api/orders's answer. */
export function ordersAnswer(orders: BuyerOrder[], nextCursor: string | null = null): BuyerOrdersAnswer {
  return BuyerOrdersAnswer.parse({ statusCode: 200, data: orders, nextCursor });
}

/** A row of the admin's users and sellers tables. */
export function adminUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return AdminUserRow.parse({
    _id: "u1",
    names: "Tunde Bakare",
    username: "tunde",
    email: "tunde@naijamarket.ng",
    phone: "+2348031234567",
    profile: null,
    accType: "customer",
    status: "approved",
    active: true,
    verified: { blue_tick: false, email: true, phone: true },
    followers: 0,
    bank_code: null,
    bank_name: null,
    account_no: null,
    account_name: null,
    bank_account_verified: false,
    whatsapp: null,
    desc: "",
    category_ids: [],
    business: null,
    addresses: [],
    createdAt: CREATED,
    ...overrides,
  });
}

/** GET /api/admin/users's answer. */
export function adminUsersAnswer(rows: AdminUserRow[], nextCursor: string | null = null): AdminUsersAnswer {
  return AdminUsersAnswer.parse({ statusCode: 200, data: rows, nextCursor, total: rows.length });
}

/** A bank transfer on the admin's Transactions page. */
export function adminTransaction(overrides: Partial<AdminTransaction> = {}): AdminTransaction {
  return AdminTransaction.parse({
    _id: "t1",
    order_id: "o1",
    order_number: "NM-26-000123",
    reference: "K7QX4M9T",
    amount: 14500,
    payer_account_no: "0123456789",
    client_account_no: "9876543210",
    client_bank: "Naija Market Bank",
    provider: "manual",
    status: "submitted",
    flagged_at: null,
    order_status: "payment_submitted",
    buyer: { _id: "u1", names: "Tunde Bakare", email: "tunde@naijamarket.ng" },
    createdAt: CREATED,
    ...overrides,
  });
}

/** GET /api/admin/transactions's answer. */
export function transactionsAnswer(rows: AdminTransaction[], nextCursor: string | null = null): AdminTransactionsAnswer {
  return AdminTransactionsAnswer.parse({ statusCode: 200, data: rows, nextCursor });
}

/** GET /api/dashboard's figures: a seller with nothing yet, unless overridden. */
export function dashboard(overrides: Partial<DashboardData> = {}): DashboardData {
  return DashboardData.parse({
    scope: "seller",
    revenue: { total: 0, thisMonth: 0, lastMonth: 0 },
    orders: { total: 0, thisMonth: 0, lastMonth: 0 },
    leads: { total: 0, converted: 0, conversionRate: 0 },
    followers: { total: 0, newThisMonth: 0 },
    listings: { products: 0, services: 0, outOfStock: 0 },
    store: { newUsersThisMonth: 0, pendingSellers: 0, transfersAwaiting: 0 },
    monthly: [],
    payments: [],
    activity: [],
    tasks: [],
    ...overrides,
  });
}

/** GET /api/v1/banks's answer. */
export function banksAnswer(account_name_lookup = true): WalletBanksAnswer {
  return WalletBanksAnswer.parse({
    statusCode: 200,
    data: [
      { bank_name: "Access Bank", bank_code: "044" },
      { bank_name: "Guaranty Trust Bank", bank_code: "058" },
    ],
    account_name_lookup,
  });
}

/** A bank transfer record (contract `TransferForm`, spec §3): ₦6,000 to pay, its window ending 15 minutes from now. */
export function transferForm(overrides: Partial<TransferForm> = {}): TransferForm {
  return TransferForm.parse({
    client_account_no: "0123456789",
    client_bank: "Wema Bank",
    client_account_name: "Naija Market Ltd",
    amount: 6000,
    subtotal: 4000,
    shippingFees: 2000,
    account_no: "0987654321",
    payment_type: "bank_transfer",
    product_type: "market-place",
    order_id: "11111111-1111-4111-8111-111111111111",
    number: "NM-26-000042",
    reference: "K7QX4M9T",
    expires_at: new Date(Date.now() + 900_000).toISOString(),
    provider: "manual",
    address: {
      address1: "14 Allen Avenue",
      address2: "",
      city: "Ikeja",
      company: "",
      country: "Nigeria",
      state: "Lagos",
      zip: "100271",
      phone: "+2348096660006",
    },
    ...overrides,
  });
}
