/**
 * Business constants and limits of the store (spec section 9, plus the rules the design brief
 * fixes). Every number the UI or the server uses for a business rule is defined here once.
 */

/** Listing kinds, as they appear in routes and in `Category.type` (spec §3, §9). */
export const CATEGORY_TYPES = ["market-place", "services"] as const;

/** Account types (`accType`) of spec §3. "Brand"/"Seller" at sign-up becomes `business`. */
export const ACCOUNT_TYPES = ["customer", "business", "admin"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Seller status (spec §4 "Seller status"). */
export const SELLER_STATUSES = ["pending", "approved"] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

/** Category id meaning "all categories" in `/categories/collections/:type/:id` (spec §2, §9). */
export const ALL_CATEGORIES_ID = "001";

/** Description cut-offs in characters (spec §9). */
export const TRUNCATE = { productPopup: 250, detail: 250, sellerPopup: 200, backOfficeList: 20 } as const;

/** The header shows at most this many characters of the user's name (spec §9). */
export const HEADER_NAME_MAX = 10;

/** Home page: number of featured default market-place categories (spec §1, §9). */
export const FEATURED_CATEGORY_COUNT = 4;

/** A seller picks 1..3 categories (spec §5, §9). */
export const MAX_SELLER_CATEGORIES = 3;

/** Login is sent only when both fields are longer than this (spec §5). */
export const LOGIN_MIN_EXCLUSIVE = 2;

/** 2FA and reset codes have this many characters (spec §9). */
export const CODE_LENGTH = 6;

/**
 * Password fields accept at most this many characters. The spec (§5, §9) says 25; NIST SP 800-63B
 * asks verifiers to allow at least 64 so pass-phrases and password managers fit, so this hardening
 * deliberately overrides the spec (ADR 0083).
 */
export const PASSWORD_MAX = 128;
/** A new password has at least this many characters (NIST SP 800-63B §3.1.1.2; ADR 0083). */
export const PASSWORD_MIN = 8;

/** At this many digits the account-name lookup runs; a NUBAN is 10 digits (spec §5, §9). */
export const NUBAN_LENGTH = 10;

/** Bank transfer window in milliseconds (spec §9: 15 minutes = 900000 ms). */
export const TRANSFER_WINDOW_MS = 900_000;

/** "Copied" label resets after this many ms (spec §9). */
export const COPIED_RESET_MS = 2_000;

/** Countdown tick in ms (spec §9). */
export const COUNTDOWN_TICK_MS = 1_000;

/** Flat shipping fee in naira (spec §9: 2000). */
export const SHIPPING_FEE_NAIRA = 2000;

/**
 * The default threshold of free standard shipping in Lagos, in naira (the marketing copy of spec §9
 * made a store rule, ADR 0135): the admin's setting (`finance_settings.free_shipping_over_naira`)
 * starts at it; 0 there means no free shipping.
 */
export const FREE_SHIPPING_OVER_NAIRA = 50_000;
/** The state where free standard shipping applies (ADR 0135). */
export const FREE_SHIPPING_STATE = "Lagos";

/** Defaults of the checkout form (spec §9). */
export const DEFAULT_PAYMENT_TYPE = "bank_transfer";
export const DEFAULT_PRODUCT_TYPE = "market-place";

/** Currency and phone prefix (spec §1, §9). */
export const CURRENCY = "NGN";
export const PHONE_PREFIX = "+234";
export const PHONE_COUNTRY = "NG";

/** Listing page size: the spec's "Showing 1-12 of N results". */
export const PAGE_SIZE = 12;
/** Largest page size a client may ask for. */
export const MAX_PAGE_SIZE = 60;

/**
 * Client storage keys (spec §3: cart under "cart"). `token` is where the browser kept its bearer
 * token before the session moved to a cookie (ADR 0127): the app only removes it now.
 */
export const STORAGE_KEYS = { cart: "cart", token: "market.token" } as const;

/**
 * The browser's session cookies (ADR 0127): `session` holds the token (HttpOnly, SameSite=Lax,
 * Secure over https and in production); `signedIn` is a readable "1" set and cleared with it, so
 * the app knows whether to ask for /api/me without ever seeing the token.
 */
export const SESSION_COOKIES = { session: "nm_session", signedIn: "nm_signed_in" } as const;

/** Script chunk-loading time-out in ms (spec §9: 120 seconds). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Upload limits: bytes per file, and the largest pixel count we decode (25 megapixels: more than any
 * phone photo a seller needs, and 25M x 4 bytes = 100 MB of decoded pixels at most per image; ADR 0084).
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 25_000_000;
export const MAX_IMAGES_PER_ITEM = 8;

/** Most options a product may have (Size, Colour, Storage; as Shopify), ADR 0215. */
export const MAX_PRODUCT_OPTIONS = 3;
/** Most variants (combinations of option values) a product may have, ADR 0215. */
export const MAX_PRODUCT_VARIANTS = 100;
/** Longest option name or value, in characters. */
export const MAX_OPTION_TEXT = 60;

/** Field limits of the contact form (characters). */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, subject: 150, message: 5000 } as const;

/** The store's own address and contact block, shown on the contact page (one place to change it). */
export const STORE_CONTACT = {
  name: "Naija Market Ltd",
  addressLines: ["14 Adeola Odeku Street", "Victoria Island", "Lagos 101241, Nigeria"],
  phone: "+234 803 000 0000",
  phoneHref: "tel:+2348030000000",
  email: "hello@naijamarket.ng",
  hours: "Monday to Saturday, 8am to 8pm",
  /** Google Maps embed of the store's area (allowed by the CSP frame-src), loaded only when asked for. */
  mapEmbedUrl: "https://www.google.com/maps?q=Adeola+Odeku+Street,+Victoria+Island,+Lagos&z=15&output=embed",
  /** The same place in the Maps app or site (a plain link: nothing loads until it is opened). */
  mapLinkUrl: "https://www.google.com/maps/search/?api=1&query=14+Adeola+Odeku+Street,+Victoria+Island,+Lagos",
} as const;

/**
 * How long the server remembers an `Idempotency-Key` and the answer it gave (ADR 0155; as Stripe):
 * the same key from the same account within this time answers the first result again.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** The header carrying it, lower-case as Node and Fastify name headers. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
