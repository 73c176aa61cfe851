/**
 * The demo store: a believable Nigerian marketplace. Loaded on the first
 * start of an empty database and by `npm run seed`. Deterministic: the same data every time.
 */
import { nuban } from "@market/contract";
import { eq, inArray, sql } from "drizzle-orm";
import { DEMO_STORE_ACCOUNT_NO } from "../../config.js";
import { verifyPassword } from "../../modules/auth/passwords.js";
import { saveVariants } from "../../modules/catalog/variants.service.js";
import { setShippingRates } from "../../modules/shipping/rates.service.js";
import type { UploadStorage } from "../../modules/uploads/storage.js";
import type { Db } from "../client.js";
import { type categories, orderLines, orders, products, sellerBusinesses, transactions, users } from "../schema/index.js";
import {
  createAddress,
  createCategory,
  createFollow,
  createPost,
  createProduct,
  createReaction,
  createReview,
  createUser,
} from "./factories.js";
import { seedFinanceHistory } from "./finance.js";
import { generateAvatar, generatePicture } from "./images.js";
import { seedTrust } from "./trust.js";

/**
 * Every account the demo store creates, with its password. These passwords are public (README,
 * this file), so a production start refuses a database where any of them still signs in (ADR 0150).
 * `printed`: the role shown in the start-up banner's "Demo sign-ins" (README "Demo accounts").
 */
const ADMIN_ACCOUNT = {
  names: "Store Admin",
  username: "admin",
  email: "admin@naijamarket.ng",
  phone: "+2348000000001",
  password: "Admin#2026",
  printed: "admin",
} as const;
const SELLER_SPECS = [
  {
    names: "Adaeze Okafor",
    username: "adagadgets",
    business: {
      businessName: "Ada's Gadgets",
      cacNumber: "RC1234567",
      address: "Shop 12, Computer Village, Otigba Street",
      state: "Lagos",
      city: "Ikeja",
    },
    email: "ada@naijamarket.ng",
    phone: "+2348031110001",
    printed: "seller (blue tick)",
    blueTick: true,
    status: "approved" as const,
    cats: ["Phones & Tablets", "Electronics", "Hair & Beauty Salons"],
    desc: "Ada's Gadgets sells original phones, power banks and home electronics from Computer Village, Ikeja. Every device is tested before delivery and comes with a receipt and warranty. We also run a small beauty studio in Lekki for braids, makeup and gele tying on weekends.",
  },
  {
    names: "Chidi Nwosu",
    username: "chidihome",
    business: { businessName: "Chidi Home Essentials", cacNumber: null, address: "22 Ogui Road", state: "Enugu", city: "Enugu" },
    email: "chidi@naijamarket.ng",
    phone: "+2348052220002",
    printed: "seller",
    blueTick: false,
    status: "approved" as const,
    cats: ["Home & Kitchen", "Groceries", "Home Cleaning"],
    desc: "Chidi Home Essentials: kitchen appliances, foodstuff in bulk and professional home cleaning across Lagos mainland.",
  },
  {
    names: "Funke Adeyemi",
    username: "funkefashion",
    business: {
      businessName: "Funke Fashion House",
      cacNumber: "BN2345678",
      address: "5 Adeniran Ogunsanya Street, Surulere",
      state: "Lagos",
      city: "Surulere",
    },
    email: "funke@naijamarket.ng",
    phone: "+2348063330003",
    blueTick: false,
    status: "approved" as const,
    cats: ["Fashion", "Tailoring", "Event Planning"],
    desc: "Funke Fashion House: Ankara, Aso Oke and bespoke tailoring from Surulere, plus event styling for weddings and owambe.",
  },
  {
    names: "Emeka Eze",
    username: "emekatech",
    business: {
      businessName: "Emeka Tech & Kids",
      cacNumber: "RC7654321",
      address: "Plot 9, Aminu Kano Crescent, Wuse 2",
      state: "FCT",
      city: "Abuja",
    },
    email: "emeka@naijamarket.ng",
    phone: "+2348074440004",
    blueTick: true,
    status: "approved" as const,
    cats: ["Computing", "Baby & Kids", "Photography"],
    desc: "Emeka Tech & Kids: laptops and accessories, baby essentials, and product photography for online sellers.",
  },
  {
    names: "Zainab Lawal",
    username: "zainabbeauty",
    business: { businessName: "Zainab's Beauty Corner", cacNumber: null, address: "14 Bompai Road", state: "Kano", city: "Kano" },
    email: "zainab@naijamarket.ng",
    phone: "+2348097770007",
    blueTick: false,
    status: "approved" as const,
    cats: ["Health & Beauty", "Event Planning"],
    desc: "Zainab's Beauty Corner in Ikeja: natural skincare, hair products and wellness essentials, plus decoration for small events.",
  },
  {
    names: "Bola Ahmed",
    username: "bolaauto",
    business: { businessName: "Bola Auto & Beauty", cacNumber: null, address: "3 Ring Road", state: "Oyo", city: "Ibadan" },
    email: "bola@naijamarket.ng",
    phone: "+2348085550005",
    printed: "seller (pending approval)",
    blueTick: false,
    status: "pending" as const,
    cats: ["Health & Beauty", "Auto Repair"],
    desc: "Bola Auto & Beauty: mobile mechanic services and natural beauty products. Awaiting approval.",
  },
].map((s) => ({ ...s, whatsapp: s.phone, password: "Seller#2026" }));
/** The customers; the first has a published sign-in and an entry in the address book. */
const CUSTOMER_SPECS: Array<{
  names: string;
  username: string;
  email: string;
  phone: string;
  whatsapp?: string;
  password: string;
  printed?: string;
}> = [
  {
    names: "Tunde Bakare",
    username: "tunde",
    email: "tunde@naijamarket.ng",
    phone: "+2348096660006",
    whatsapp: "+2348096660006",
    password: "Customer#2026",
    printed: "customer",
  },
  ...(
    [
      ["Ngozi Umeh", "ngozi"],
      ["Yusuf Bello", "yusuf"],
      ["Kemi Alade", "kemi"],
      ["Ifeanyi Obi", "ifeanyi"],
      ["Halima Musa", "halima"],
    ] as const
  ).map(([names, username], i) => ({
    names,
    username,
    email: `${username}@example.ng`,
    phone: `+234810${String(i + 1).padStart(7, "0")}`,
    password: "Password1!",
  })),
];

/** Every seeded account's e-mail and password (the production check), derived from the specs above. */
export const SEEDED_ACCOUNTS: readonly { email: string; password: string; printed?: string }[] = [
  ADMIN_ACCOUNT,
  ...SELLER_SPECS,
  ...CUSTOMER_SPECS,
].map(({ email, password, printed }) => ({ email, password, printed }));

/** The sign-ins printed at start-up (README "Demo accounts"). */
export const DEMO_ACCOUNTS = SEEDED_ACCOUNTS.flatMap((a) => (a.printed ? [{ role: a.printed, email: a.email, password: a.password }] : []));

/** A small seeded PRNG (mulberry32) so the demo is the same on every machine. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MARKET = [
  {
    name: "Phones & Tablets",
    hue: 210,
    isDefault: true,
    items: [
      ["Tecno Camon 30", 245000],
      ["Infinix Note 40", 198500],
      ["Samsung Galaxy A15", 215000],
      ["itel A70", 89500],
      ["Redmi 13C", 132000],
      ["Oraimo 20000mAh Power Bank", 18500],
      ["Lenovo Tab M10", 165000],
      ["Tempered Glass Screen Guard", 2500],
    ],
  },
  {
    name: "Fashion",
    hue: 330,
    isDefault: true,
    items: [
      ["Ankara Wrap Dress", 24500],
      ["Men's Agbada Set", 68000],
      ["Aso Oke Gele", 15000],
      ["Leather Palm Slippers", 12500],
      ["Adire Tie-Dye Shirt", 14000],
      ["Beaded Clutch Bag", 21000],
      ["Senator Kaftan", 38500],
      ["Kente Print Bow Tie", 4500],
    ],
  },
  {
    name: "Groceries",
    hue: 100,
    isDefault: true,
    items: [
      ["Ofada Rice 5kg", 16500],
      ["Golden Penny Semovita 2kg", 4200],
      ["Palm Oil 4 Litres", 11800],
      ["Honeywell Noodles Carton", 9800],
      ["Dangote Sugar 1kg", 1850],
      ["Ijebu Garri 5kg", 7500],
      ["Crayfish 1kg", 9000],
      ["Peak Milk Powder 900g", 8900],
    ],
  },
  {
    name: "Home & Kitchen",
    hue: 30,
    isDefault: true,
    items: [
      ["Binatone Blender 1.5L", 42000],
      ["Non-stick Pot Set (5 pcs)", 58000],
      ["Thermocool Standing Fan", 49500],
      ["Mortar and Pestle (Wood)", 9500],
      ["Gas Cylinder 12.5kg", 46000],
      ["Rechargeable Lantern", 13500],
      ["Cotton Bedsheet Set", 19800],
      ["Cooler Box 45L", 27000],
    ],
  },
  {
    name: "Electronics",
    hue: 260,
    isDefault: false,
    items: [
      ['Hisense 43" Smart TV', 285000],
      ["Solar Inverter 1.5kVA", 420000],
      ["JBL Flip Speaker", 95000],
      ["Sumec Firman Generator 2.5kVA", 310000],
      ["Surge Protector Extension", 8500],
      ["LED Rechargeable Bulb", 3500],
      ["Wireless Earbuds", 22000],
      ["DStv HD Decoder", 19500],
    ],
  },
  {
    name: "Health & Beauty",
    hue: 300,
    isDefault: false,
    items: [
      ["Shea Butter (Raw) 500g", 4800],
      ["Black Soap 1kg", 3900],
      ["Nivea Body Lotion 400ml", 6500],
      ["Zikel Hair Cream", 2800],
      ["Hair Dryer 2000W", 24500],
      ["Perfume Oil Set", 9500],
      ["Vitamin C 1000mg (60)", 7200],
    ],
  },
  {
    name: "Baby & Kids",
    hue: 170,
    isDefault: false,
    items: [
      ["Molfix Diapers Jumbo", 14500],
      ["Baby Carrier Wrap", 16000],
      ["Kids School Bag", 11000],
      ["Cerelac Wheat 1kg", 9800],
      ["Baby Walker", 32000],
      ["Toddler Sandals", 6800],
      ["Learning Tablet for Kids", 15500],
    ],
  },
  {
    name: "Computing",
    hue: 200,
    isDefault: false,
    items: [
      ["HP 15 Laptop Core i5", 640000],
      ["Logitech Wireless Mouse", 9500],
      ["SanDisk 64GB Flash Drive", 6200],
      ["MiFi 4G Router", 38000],
      ["Laptop Backpack", 17500],
      ["External Hard Drive 1TB", 52000],
      ["USB-C Hub 7-in-1", 21000],
    ],
  },
] as const;

const SERVICES = [
  { name: "Hair & Beauty Salons", hue: 320, isDefault: true },
  { name: "Event Planning", hue: 45, isDefault: true },
  { name: "Home Cleaning", hue: 150, isDefault: false },
  { name: "Auto Repair", hue: 0, isDefault: false },
  { name: "Tailoring", hue: 280, isDefault: false },
  { name: "Photography", hue: 220, isDefault: false },
] as const;

const SERVICE_BODIES: Record<string, string[]> = {
  "Hair & Beauty Salons": [
    "Braids, weaves and natural hair care at our Lekki salon or at your home. Knotless braids from 3 hours, bridal makeup on request. We use quality extensions and sterilised tools.",
    "Professional barbing and beard grooming for men in Yaba. Walk-ins welcome Monday to Saturday; home service available across the mainland.",
    "Gele tying and makeup for weddings and owambe parties. Book early for December dates; we travel anywhere in Lagos.",
  ],
  "Event Planning": [
    "Full wedding planning: venue, decor, catering, MC and live band. Traditional and white weddings, 100 to 1,000 guests.",
    "Birthday and naming ceremony packages with small chops, cake and decoration. Transparent quotes, no hidden costs.",
    "Corporate event management in Victoria Island and Ikeja: conferences, product launches and end-of-year parties.",
  ],
  "Home Cleaning": [
    "Deep cleaning for flats and duplexes, post-construction cleaning and fumigation. Vetted, uniformed staff.",
    "Weekly home cleaning subscription with laundry and ironing. Serving Surulere, Yaba and Ikoyi.",
    "Sofa, rug and mattress steam cleaning. Same-day service in Lekki, Ajah and Victoria Island.",
  ],
  "Auto Repair": [
    "Mobile mechanic: diagnostics, brake pads, oil change and AC repair at your location. Toyota and Honda specialists.",
    "Panel beating, spraying and wheel alignment at our Ojodu workshop. Free estimate with photos on WhatsApp.",
  ],
  Tailoring: [
    "Bespoke native wear for men and women: agbada, kaftan, iro and buba. Delivery in 7 working days.",
    "Alterations and school uniform sewing in bulk. Fast turnaround for schools and churches.",
    "Aso ebi sewing for family and friends: one pattern, many sizes, delivered before the party.",
  ],
  Photography: [
    "Wedding and pre-wedding photography with a same-week edited album. Drone shots available.",
    "Product photography for online sellers: white background, lifestyle and flat-lay shots from N3,000 per picture.",
    "Studio portraits, passport photographs and family shoots in Ikeja GRA. Prints ready in one hour.",
  ],
};

const LONG_DESC =
  "Sourced from trusted distributors and checked before dispatch. Delivery within Lagos takes 1 to 3 working days; other states 3 to 7 days. Pay by bank transfer and track your order from your account. Original product with the manufacturer's warranty where applicable, and a 7-day return window if the item arrives damaged or different from what you ordered.";

/** True when the database already has users (the demo is loaded once). */
export async function hasData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * The seeded accounts present in the database (by e-mail) that still sign in with their seeded
 * password, which is public. Production refuses to start while there is one (main.ts, ADR 0087 and
 * 0150); the banner checks only `DEMO_ACCOUNTS`. Answers e-mails in `accounts` order.
 */
export async function demoAccountsWithPublishedPasswords(
  db: Db,
  accounts: readonly { email: string; password: string }[] = SEEDED_ACCOUNTS,
): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  const open = await Promise.all(
    accounts.map(async (a) => {
      const row = rows.find((r) => r.email === a.email);
      return row && (await verifyPassword(row.passwordHash, a.password)) ? a.email : null;
    }),
  );
  return open.filter((e) => e !== null);
}

/**
 * Load the demo store into an empty database. Answers counts for the start-up log.
 * @param storage where the generated pictures are written.
 */
export async function seedDemo(db: Db, storage: UploadStorage): Promise<{ products: number; services: number; users: number }> {
  const rand = prng(2026);
  const base = Date.now() - 90 * 86_400_000;
  let tick = 0;
  const at = () => new Date(base + tick++ * 3_600_000);

  type CategoryRow = typeof categories.$inferSelect;
  const market: Array<(typeof MARKET)[number] & { row: CategoryRow }> = [];
  for (const c of MARKET)
    market.push({ ...c, row: await createCategory(db, { name: c.name, type: "market-place", isDefault: c.isDefault, createdAt: at() }) });
  const services: Array<(typeof SERVICES)[number] & { row: CategoryRow }> = [];
  for (const c of SERVICES)
    services.push({ ...c, row: await createCategory(db, { name: c.name, type: "services", isDefault: c.isDefault, createdAt: at() }) });
  const cat = (name: string) => [...market, ...services].find((c) => c.name === name)!.row.id;

  const { printed: _admin, ...adminSpec } = ADMIN_ACCOUNT;
  const admin = await createUser(db, { ...adminSpec, accType: "admin" });
  const sellers: Array<(typeof SELLER_SPECS)[number] & { row: Awaited<ReturnType<typeof createUser>> }> = [];
  for (const [i, s] of SELLER_SPECS.entries()) {
    const { cats, printed: _seller, business, ...rest } = s;
    const row = await createUser(db, {
      ...rest,
      accType: "business",
      categoryIds: cats.map(cat),
      bankCode: "058",
      // A payout account of each seller's own, with its NUBAN check digit right for the bank.
      accountNo: nuban("058", String(512_830_417 + i * 1_036_027).padStart(9, "0")),
      accountName: s.names.toUpperCase(),
    });
    // A profile picture the seller owns, as if they had uploaded it.
    const profile = await generateAvatar(db, storage, s.names, (i * 67 + 150) % 360, row.id);
    await db.update(users).set({ profile }).where(eq(users.id, row.id));
    // Business details with a real state and city: the search's "seller's state" facet.
    await db.insert(sellerBusinesses).values({ userId: row.id, ...business });
    sellers.push({ ...s, row: { ...row, profile } });
  }
  const customers = [];
  for (const { printed: _customer, ...c } of CUSTOMER_SPECS) customers.push(await createUser(db, c));
  await createAddress(db, {
    userId: customers[0]!.id,
    firstName: "Tunde",
    lastName: "Bakare",
    address1: "14 Allen Avenue",
    city: "Ikeja",
    state: "Lagos",
    country: "Nigeria",
    zip: "100271",
    phone: "+2348096660006",
    isDefault: true,
  });

  const sellerFor = (category: string) => sellers.find((s) => s.cats.includes(category as never))!;
  // The products with variants first, so they are the oldest: lists newest first (and the tests
  // that add a demo product to a cart without choosing a variant) meet the plain ones first.
  let productCount = await seedVariantProducts(db, storage, market, sellerFor, at);
  for (const c of market) {
    const owner = sellerFor(c.name);
    for (const [i, [name, price]] of c.items.entries()) {
      const pictures = [await generatePicture(db, storage, name, c.hue, i, owner.row.id)];
      if (i < 2) pictures.push(await generatePicture(db, storage, name, (c.hue + 25) % 360, i + 1, owner.row.id));
      const stock = i === 3 || i === 6 ? 0 : Math.floor(rand() * 40) + 1;
      await createProduct(db, {
        userId: owner.row.id,
        categoryId: c.row.id,
        name,
        price,
        countInStock: stock,
        description: `${name}. ${LONG_DESC}`,
        imageUrls: pictures,
        createdAt: at(),
      });
      productCount++;
    }
  }

  const postIds: string[] = [];
  for (const c of services) {
    const owner = sellerFor(c.name);
    for (const [i, body] of (SERVICE_BODIES[c.name] ?? []).entries()) {
      const label = `${c.name.split(" ")[0]} service ${i + 1}`;
      const post = await createPost(db, {
        userId: owner.row.id,
        categoryId: c.row.id,
        body,
        imageUrls: [await generatePicture(db, storage, label, c.hue, i, owner.row.id)],
        createdAt: at(),
      });
      postIds.push(post.id);
    }
  }
  // Pending seller's own listings are prepared but not public (design brief).
  const pending = sellers.find((s) => s.status === "pending")!;
  await createProduct(db, {
    userId: pending.row.id,
    categoryId: cat("Health & Beauty"),
    name: "Argan Hair Oil 100ml",
    price: 6500,
    countInStock: 12,
    description: "Cold-pressed argan oil.",
  });

  for (const postId of postIds) {
    const raters = customers.filter(() => rand() < 0.6);
    for (const r of raters) await createReaction(db, { postId, userId: r.id, stars: 3 + Math.floor(rand() * 3) });
  }
  await createReview(db, {
    postId: postIds[0]!,
    userId: customers[0]!.id,
    rating: 5,
    comment: "My knotless braids were neat and lasted six weeks. Very professional.",
  });
  await createReview(db, {
    postId: postIds[0]!,
    userId: customers[1]!.id,
    rating: 4,
    comment: "Good work, arrived on time for the home service.",
  });
  for (const c of customers)
    for (const s of sellers.filter((x) => x.status === "approved"))
      if (rand() < 0.6) await createFollow(db, { followerId: c.id, sellerId: s.row.id });
  await createFollow(db, { followerId: customers[0]!.id, sellerId: sellers[0]!.row.id });
  await seedDeliveryRates(db, sellers);
  await seedOrderHistory(db, rand, customers, admin.id);
  // The demo sign-in sellers first, so their Earnings show payouts.
  await seedFinanceHistory(
    db,
    admin.id,
    sellers.filter((s) => s.status === "approved").map((s) => s.row.id),
  );
  await seedTrust(
    db,
    sellers.filter((s) => s.status === "approved").map((s) => s.row.id),
    rand,
  );
  return { products: productCount + 1, services: postIds.length, users: 1 + sellers.length + customers.length };
}

/**
 * A few products with real options and variants (ADR 0215), written through the same
 * `saveVariants` as the API: a dress in sizes and colours, a phone in storage sizes, shoes in sizes.
 * Answers how many products it added.
 */
async function seedVariantProducts(
  db: Db,
  storage: UploadStorage,
  market: Array<{ name: string; hue: number; row: { id: string } }>,
  sellerFor: (category: string) => { row: { id: string } },
  at: () => Date,
): Promise<number> {
  const specs = [
    {
      category: "Fashion",
      name: "Ankara Wrap Dress",
      options: [
        { name: "Size", values: ["S", "M", "L"] },
        { name: "Colour", values: ["Blue", "Red"] },
      ],
      price: (v: Record<string, string>) => (v.Size === "L" ? 17500 : 16000),
      sku: "AWD",
    },
    {
      category: "Phones & Tablets",
      name: "Tecno Camon 30",
      options: [{ name: "Storage", values: ["128GB", "256GB", "512GB"] }],
      price: (v: Record<string, string>) => ({ "128GB": 215000, "256GB": 245000, "512GB": 289000 })[v.Storage!]!,
      sku: "TC30",
    },
    {
      category: "Fashion",
      name: "Leather Palm Slippers",
      options: [{ name: "Size", values: ["41", "42", "43", "44"] }],
      price: () => 12500,
      sku: "LPS",
    },
  ];
  for (const [i, spec] of specs.entries()) {
    const c = market.find((m) => m.name === spec.category)!;
    const owner = sellerFor(spec.category);
    const picture = await generatePicture(db, storage, spec.name, c.hue, 20 + i, owner.row.id);
    const combos = spec.options.reduce<Record<string, string>[]>(
      (acc, o) => acc.flatMap((x) => o.values.map((v) => ({ ...x, [o.name]: v }))),
      [{}],
    );
    const product = await createProduct(db, {
      userId: owner.row.id,
      categoryId: c.row.id,
      name: spec.name,
      price: spec.price(combos[0]!),
      description: `${spec.name}. ${LONG_DESC}`,
      imageUrls: [picture],
      createdAt: at(),
    });
    await db.transaction((tx) =>
      saveVariants(tx, product.id, owner.row.id, {
        options: spec.options,
        variants: combos.map((v, j) => ({
          sku: `${spec.sku}-${Object.values(v).join("-")}`.toUpperCase(),
          options: v,
          price: spec.price(v),
          // One combination sold out, so the picker shows it unavailable.
          count_in_stock: j === 1 ? 0 : 3 + ((j * 7) % 9),
          image_url: null,
        })),
      }),
    );
  }
  return specs.length;
}

/**
 * Two demo sellers set their own delivery (ADR 0199), so the Delivery screen, the product page's
 * line and checkout's groups show them: Chidi's "free in Lagos, ₦1,000 to Abuja, ₦500 to Ibadan"
 * as Konga sellers say it, Funke's Lagos-first fashion rates with a pickup point (no Kano: the
 * shopper there is told so). Both take pay on delivery in Lagos (ADR 0220). The others keep the
 * store's rate.
 */
async function seedDeliveryRates(db: Db, sellers: Array<{ username: string; row: { id: string } }>): Promise<void> {
  const id = (username: string) => sellers.find((s) => s.username === username)!.row.id;
  await setShippingRates(db, id("chidihome"), {
    rates: [
      { state: "Lagos", fee: 0, min_days: 1, max_days: 2, pay_on_delivery: true },
      { state: "FCT", fee: 1000, min_days: 2, max_days: 3, pay_on_delivery: false },
      { state: "Oyo", fee: 500, min_days: 1, max_days: 3, pay_on_delivery: false },
      { state: "Ogun", fee: 500, min_days: 1, max_days: 2, pay_on_delivery: false },
      { state: "Kano", fee: 3000, min_days: 4, max_days: 7, pay_on_delivery: false },
      { state: "Rivers", fee: 2500, min_days: 3, max_days: 5, pay_on_delivery: false },
      { state: "Enugu", fee: 2500, min_days: 3, max_days: 5, pay_on_delivery: false },
    ],
    pickup_points: [],
  });
  await setShippingRates(db, id("funkefashion"), {
    rates: [
      { state: "Lagos", fee: 1500, min_days: 1, max_days: 2, pay_on_delivery: true },
      { state: "Ogun", fee: 2000, min_days: 2, max_days: 3, pay_on_delivery: false },
      { state: "Oyo", fee: 2500, min_days: 2, max_days: 4, pay_on_delivery: false },
      { state: "FCT", fee: 3500, min_days: 3, max_days: 5, pay_on_delivery: false },
      { state: "Rivers", fee: 3500, min_days: 3, max_days: 6, pay_on_delivery: false },
    ],
    pickup_points: [{ name: "Yaba pickup point", address: "12 Herbert Macaulay Way, Yaba, Lagos", state: "Lagos", fee: 500 }],
  });
}

/**
 * A few months of past orders so that dashboards, Ordered Products, Transactions and order history
 * show real data on the first start: paid orders (delivered, shipped or waiting to ship) with
 * confirmed transfers, and one transfer still awaiting the admin's confirmation. These are
 * historic sales: stock is not changed. Amounts in kobo; shipping is the flat fee. Delivered lines
 * were delivered three days after the order; their money and their buyer-protection moves
 * (receipts, disputes, a cancellation) are made by `seedFinanceHistory`.
 */
async function seedOrderHistory(db: Db, rand: () => number, customers: { id: string; names: string }[], adminId: string): Promise<void> {
  const listed = await db
    .select({ id: products.id, userId: products.userId, name: products.name, priceKobo: products.priceKobo, imageUrls: products.imageUrls })
    .from(products)
    // Products without options: their one (default) variant has the product's id (ADR 0215).
    .where(
      sql`${products.listed} and ${products.priceKobo} < 10000000 and not exists (select 1 from product_options o where o.product_id = ${products.id})`,
    );
  const shippingKobo = 200_000;
  const day = 86_400_000;
  const plan = [88, 80, 71, 66, 58, 51, 44, 37, 30, 24, 17, 12, 8, 5, 3, 2, 1, 0.2];
  for (const [i, daysAgo] of plan.entries()) {
    const buyer = customers[i % customers.length]!;
    const when = new Date(Date.now() - daysAgo * day);
    const picks = [...listed].sort(() => rand() - 0.5).slice(0, 1 + Math.floor(rand() * 2));
    const lines = picks.map((p) => ({ p, quantity: 1 + Math.floor(rand() * 2) }));
    const subtotalKobo = lines.reduce((sum, l) => sum + l.p.priceKobo * l.quantity, 0);
    const awaiting = i === plan.length - 1;
    // Delivered from 12 days back (the protection history then confirms, disputes or leaves them),
    // shipped a week back, not yet shipped the last three days (ADR 0193).
    const fulfilment: "delivered" | "shipped" | "unfulfilled" = daysAgo >= 12 ? "delivered" : daysAgo > 4 ? "shipped" : "unfulfilled";
    const [order] = await db
      .insert(orders)
      .values({
        buyerId: buyer.id,
        status: awaiting ? "payment_submitted" : "paid",
        subtotalKobo,
        shippingKobo,
        totalKobo: subtotalKobo + shippingKobo,
        payerAccountNo: `01234${String(56789 + i).padStart(5, "0")}`,
        shippingAddress: {
          first_name: buyer.names.split(" ")[0] ?? buyer.names,
          last_name: buyer.names.split(" ")[1] ?? "",
          company: "",
          address1: `${10 + i} Awolowo Road`,
          address2: "",
          city: ["Ikeja", "Surulere", "Lekki", "Yaba", "Ikoyi"][i % 5]!,
          state: "Lagos",
          country: "Nigeria",
          zip: "",
          phone: "+2348096660006",
        },
        reservedUntil: new Date(when.getTime() + 15 * 60_000),
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: orders.id });
    await db.insert(orderLines).values(
      lines.map(({ p, quantity }) => ({
        orderId: order!.id,
        productId: p.id,
        variantId: p.id,
        sellerId: p.userId,
        name: p.name,
        imageUrl: p.imageUrls[0] ?? null,
        unitPriceKobo: p.priceKobo,
        quantity,
        fulfilment: awaiting ? ("unfulfilled" as const) : fulfilment,
        // Shipped a day after the order, delivered two days later: the order pages' timeline.
        shippedAt: !awaiting && fulfilment !== "unfulfilled" ? new Date(when.getTime() + day) : null,
        deliveredAt: !awaiting && fulfilment === "delivered" ? new Date(when.getTime() + 3 * day) : null,
        createdAt: when,
        updatedAt: when,
      })),
    );
    await db.insert(transactions).values({
      orderId: order!.id,
      buyerId: buyer.id,
      amountKobo: subtotalKobo + shippingKobo,
      clientAccountNo: DEMO_STORE_ACCOUNT_NO,
      clientBank: "Wema Bank",
      clientAccountName: "Naija Market Ltd",
      payerAccountNo: `01234${String(56789 + i).padStart(5, "0")}`,
      status: awaiting ? "submitted" : "confirmed",
      reviewedBy: awaiting ? null : adminId,
      reviewedAt: awaiting ? null : new Date(when.getTime() + 3_600_000),
      createdAt: new Date(when.getTime() + 600_000),
    });
  }
}
