import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import type { Language } from "#common/language.ts";
import type { SellerDetails } from "#common/seller.ts";
import { chatNumberDigits } from "#common/whatsapp.ts";
import { flowIdSetting, MESSAGE_TEMPLATE_NAMES, type MessageTemplateName } from "./modules/messaging/templates.ts";
import type { S3Settings } from "./storage/s3.ts";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const flag = (fallback: boolean) =>
  z
    .enum(["0", "1", "true", "false", ""])
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : value === "1" || value === "true"));

const urlText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url({ message: "must be a URL" }).optional());

/** Express's names for address ranges (`proxy-addr`). */
const TRUST_PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (TRUST_PROXY_KEYWORDS.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For). Empty or 0: none, the connecting
 * address is the client. A number: that many hops in front of the shop. Otherwise a comma list of
 * addresses, CIDR ranges or Express's keywords. Never "true": every client could pick its address.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? "")
  .pipe(
    z.union([
      z.literal("").transform(() => false as const),
      z
        .string()
        .regex(/^\d{1,2}$/)
        .transform((hops) => (Number(hops) === 0 ? (false as const) : Number(hops))),
      z
        .string()
        .transform((list) => list.split(",").map((entry) => entry.trim()).filter(Boolean))
        .refine((entries) => entries.length > 0 && entries.every(isAddressOrRange), {
          message: "must be a hop count (e.g. 1) or a comma list of addresses, CIDR ranges or loopback/linklocal/uniquelocal",
        }),
    ]),
  );

const DEFAULT_SECRETS = new Set([
  "changeme",
  "change-me",
  "secret",
  "better-auth-secret-123456789",
  "0123456789abcdef0123456789abcdef",
  "your-secret-key-at-least-32-characters-long",
]);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), "must start with postgres://"),
  PUBLIC_URL: urlText,
  BETTER_AUTH_SECRET: optionalText
    .refine((value) => value === undefined || !DEFAULT_SECRETS.has(value.toLowerCase()), "must not be a default value")
    .refine((value) => value === undefined || value.length >= 32, "must be at least 32 characters"),
  ADMIN_EMAIL: optionalText.pipe(z.email({ message: "must be an email address" }).optional()),
  ADMIN_PASSWORD: optionalText.refine(
    (value) => value === undefined || value.length >= 8,
    "must be at least 8 characters",
  ),
  SEED_DEMO: flag(true),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: urlText.transform((value) => value ?? "https://api.razorpay.com"),
  PAYMENTS_TEST_MODE: flag(false),
  // Shipments through Shiprocket (issue 31, decisions/052): all four or none; none keeps the hand-typed courier and AWB.
  SHIPROCKET_EMAIL: optionalText.pipe(z.email({ message: "must be an email address" }).optional()),
  SHIPROCKET_PASSWORD: optionalText,
  SHIPROCKET_PICKUP_LOCATION: optionalText.pipe(z.string().max(100, "must be at most 100 characters").optional()),
  SHIPROCKET_WEBHOOK_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, "must be at least 16 characters"),
  SHIPROCKET_API_BASE: urlText.transform((value) => value ?? "https://apiv2.shiprocket.in"),
  MAX_UNITS_PER_PRODUCT: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(1000).default(10),
  MAX_UNPAID_ORDERS: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(20).default(1),
  MAX_OPEN_COD_ORDERS: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(100).default(3),
  MAX_UNCONFIRMED_COD_ORDERS: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(20).default(1),
  COD_CONFIRM_HOURS: z.coerce.number({ message: "must be a whole number of hours" }).int().min(1).max(72).default(24),
  COD_MAX_ORDER_RUPEES: z.coerce.number({ message: "must be a whole number of rupees" }).int().min(0).max(500_000).default(5000),
  COD_FEE_RUPEES: z.coerce.number({ message: "must be a whole number of rupees" }).int().min(0).max(1000).default(0),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    "must start with smtp:// or smtps://",
  ),
  // One-time codes by SMS through MSG91's Flow API (decisions/050, docs/operations.md). Without the
  // key and template the codes go to DATA_DIR/outbox/ as files.
  MSG91_API_BASE: urlText.transform((value) => value ?? "https://control.msg91.com"),
  MSG91_AUTH_KEY: optionalText,
  MSG91_OTP_TEMPLATE_ID: optionalText.pipe(
    z.string().regex(/^[A-Za-z0-9]{8,64}$/, "must be the Flow template's id from MSG91 (letters and digits)").optional(),
  ),
  // The same codes as a WhatsApp authentication template (Meta's Cloud API), when the shopper picks WhatsApp.
  WHATSAPP_API_BASE: urlText.transform((value) => value ?? "https://graph.facebook.com"),
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(z.string().regex(/^\d{5,20}$/, "must be the phone number id from Meta (digits)").optional()),
  WHATSAPP_OTP_TEMPLATE: optionalText.pipe(
    z.string().regex(/^[a-z0-9_]{1,512}$/, "must be a template name (lower-case letters, digits and _)").optional(),
  ),
  WHATSAPP_OTP_TEMPLATE_LANGUAGE: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a language code such as en or en_US").default("en"),
  // Order news on WhatsApp (issue 30, decisions/054): with the account above, the app secret that
  // signs Meta's webhooks and the token its subscription check echoes; both or neither.
  WHATSAPP_APP_SECRET: optionalText.refine((value) => value === undefined || value.length >= 16, "must be the app secret from Meta's app dashboard (at least 16 characters)"),
  WHATSAPP_VERIFY_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, "must be at least 16 characters"),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a language code such as en or en_US").default("en"),
  // The code the Hindi order templates are registered under with Meta (decisions/064), normally `hi`;
  // unset: none are, and Hindi shoppers get the English templates on WhatsApp.
  WHATSAPP_TEMPLATE_LANGUAGE_HI: optionalText.pipe(z.string().regex(/^hi(_[A-Z]{2})?$/, "must be Meta's code for Hindi: hi").optional()),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_SCALE: z.coerce
    .number({ message: "must be a number" })
    .positive("must be more than 0")
    .max(1_000_000, "must be at most 1000000")
    .default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  SELLER_NAME: z.string().trim().min(1).default("Healthcare Pharma Private Limited"),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default("Plot 14, Sector 5, HSR Layout, Bengaluru, Karnataka 560102, India"),
  SELLER_PHONE: z.string().trim().min(1).default("+91 80 4567 8900"),
  SELLER_EMAIL: z.email({ message: "must be an email address" }).default("care@healthcarepharma.in"),
  SELLER_GSTIN: z
    .string()
    .trim()
    .regex(/^[0-9]{2}[A-Z0-9]{10}[0-9A-Z]{3}$/, "must be a 15-character GSTIN")
    .default("29AABCH1234M1Z5"),
  SELLER_DRUG_LICENCE: z.string().trim().min(1).default("KA-B2-20B-123456, KA-B2-21B-123457"),
  SELLER_PHARMACIST_NAME: z.string().trim().min(1).default("Dr. Kavya Raman"),
  // The shop's one social profile for the footer (spec: the social links point to one site); none by default, nothing invented.
  SELLER_SOCIAL_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^https$/, message: "must be an https URL" }).optional()),
  // A partner's doctor consultation, linked where a prescription is needed (issue 32, decisions/058); off when unset.
  CONSULT_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^https$/, message: "must be an https URL" }).optional()),
  SELLER_PHARMACIST_REGISTRATION: z
    .string()
    .trim()
    .min(1)
    .default("Karnataka State Pharmacy Council, Reg. No. 45821"),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).default("Arjun Mehta"),
  GRIEVANCE_OFFICER_EMAIL: z.email({ message: "must be an email address" }).default("grievance@healthcarepharma.in"),
  /** GET /metrics needs `Authorization: Bearer <this>`; without it /metrics is 404 in production (decisions/034). */
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, "must be at least 16 characters"),
  /** Orders before this time (IST, "HH:MM") leave the same working day (decisions/021). */
  SHOP_DISPATCH_CUTOFF: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time as HH:MM (24-hour, IST)")
    .default("14:00"),
  // Object storage (decisions/035): unset S3_BUCKET keeps uploads on the local disk under DATA_DIR.
  S3_BUCKET: optionalText.pipe(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots, dashes)").optional(),
  ),
  S3_REGION: optionalText,
  S3_ENDPOINT: urlText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PREFIX: optionalText.pipe(
    z.string().regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/?$/, "must be folder names separated by / (e.g. shop/)").optional(),
  ),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1", "true", "false", ""]).optional(),
  /** The resized-image cache's cap on this machine's disk, in MB (least recently used variants go first). */
  IMAGE_CACHE_MAX_MB: z.coerce.number({ message: "must be a whole number of megabytes" }).int().min(1).max(1_000_000).default(256),
  /** Worker processes (decisions/036); unset: one per core on PostgreSQL, one on the embedded database. */
  WEB_CONCURRENCY: z.coerce.number({ message: "must be a whole number of processes" }).int().min(1).max(64).optional(),
  /** How long a stopping process waits for requests in flight before it gives up on them. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: "must be a whole number of milliseconds" }).int().min(100).max(600_000).default(8000),
  // "Chat on WhatsApp" (issue 30, decisions/055): the shop's own WhatsApp number, linked as wa.me from
  // the product, order and contact pages; unset, no link is shown.
  WHATSAPP_CHAT_NUMBER: optionalText.pipe(
    z
      .string()
      .transform((value) => chatNumberDigits(value) ?? value)
      .pipe(z.string().regex(/^\d{10}$/, "must be the shop's 10-digit WhatsApp number (e.g. 9845012345; +91 may go in front)"))
      .optional(),
  ),
  /** Staff two-factor (decisions/051): unset, `required` in production and `optional` elsewhere. */
  STAFF_TWO_FACTOR: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined))
    .pipe(z.enum(["required", "optional"], { message: "must be required or optional" }).optional()),
});

export type Env = z.infer<typeof envSchema>;


export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  admin: { email: string | undefined; password: string | undefined };
  seedDemo: boolean;
  razorpay: {
    keyId: string | undefined;
    keySecret: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string;
  };
  paymentsTestMode: boolean;
  /** A partner's doctor consultation (CONSULT_URL), linked from prescription-only products and checkout; null: no link. */
  consultUrl: string | null;
  /** Shiprocket's account, pickup location and webhook token (server/modules/shipping/); null: shipments are entered by hand. */
  shiprocket: ShiprocketSettings | null;
  /** Fair stock (decisions/014): units of one product per order, and unpaid orders held at once. */
  /** maxOpenCodOrders: cash-on-delivery orders one customer may have placed and not yet received (they hold stock without expiry). */
  /** maxUnconfirmedCodOrders: of those, how many may wait for their confirmation at once (decisions/044). */
  orderLimits: { maxUnitsPerProduct: number; maxUnpaidOrders: number; maxOpenCodOrders: number; maxUnconfirmedCodOrders: number };
  /** Cash on delivery: offered up to this order value (before the fee), with this fee; paise. A COD order not confirmed within `confirmHours` is cancelled (decisions/044). */
  cod: { maxOrderPaise: number; feePaise: number; confirmHours: number };
  smtpUrl: string | undefined;
  /**
   * One-time codes (decisions/050): MSG91's Flow API for SMS when its key and template are set,
   * WhatsApp's authentication template when those are set; without them codes go to DATA_DIR/outbox/.
   */
  sms: { apiBase: string; msg91: { authKey: string; templateId: string } | null; orders: Msg91OrderFlows | null };
  whatsapp: { apiBase: string; otp: { token: string; phoneNumberId: string; template: string; language: string } | null; orders: WhatsAppOrderSettings | null };
  /** Express's `trust proxy`: false (the default, trust no proxy), a hop count or addresses and ranges. */
  trustProxy: false | number | string[];
  /** Multiplies every rate limit (server/modules/limits/limits.ts); 1 in production, high in test suites. */
  rateLimitScale: number;
  logLevel: Env["LOG_LEVEL"];
  /** JSON lines, or readable ones for a person at a terminal; unset: readable when stdout is a terminal (server/logger.ts). */
  logFormat: Env["LOG_FORMAT"];
  seller: SellerDetails;
  /** The delivery promise's dispatch rule (server/modules/delivery/serviceability.ts). */
  dispatch: { dispatchCutoff: string };
  /** The bearer token GET /metrics asks for (server/http/metrics.ts); none: 404 in production, open otherwise. */
  metricsToken: string | undefined;
  /** Where uploads live (server/storage): DATA_DIR on the local disk, or an S3-compatible bucket. */
  storage: { kind: "local" } | S3Settings;
  /** The resized-image cache's size cap in bytes (server/images.ts). */
  imageCacheMaxBytes: number;
  /** Worker processes serving the port (server.mjs, server/cluster.mjs); always 1 on PGlite. */
  webConcurrency: number;
  /** A stopping process exits after this long even with requests still in flight. */
  shutdownTimeoutMs: number;
  /**
   * `required`: an admin or pharmacist without two-factor sign-in may only set it up (every other
   * staff call is refused); `optional`: staff choose, as customers do (decisions/051).
   */
  staffTwoFactor: "required" | "optional";
}

export interface ShiprocketSettings {
  email: string;
  password: string;
  /** The pickup location's nickname as named in Shiprocket's panel (Settings → Pickup Addresses). */
  pickupLocation: string;
  /** What Shiprocket sends in `x-api-key` with each tracking webhook. */
  webhookToken: string;
  /** https://apiv2.shiprocket.in, or a fake in tests. */
  apiBase: string;
}

const SHIPROCKET_VARIABLES = ["SHIPROCKET_EMAIL", "SHIPROCKET_PASSWORD", "SHIPROCKET_PICKUP_LOCATION", "SHIPROCKET_WEBHOOK_TOKEN"] as const;

/** All four Shiprocket settings, or none (a half-configured account would fail at the first parcel). */
function shiprocketSettings(env: Env): ShiprocketSettings | null {
  const missing = SHIPROCKET_VARIABLES.filter((name) => env[name] === undefined);
  if (missing.length === SHIPROCKET_VARIABLES.length) return null;
  if (missing.length > 0) {
    const given = SHIPROCKET_VARIABLES.filter((name) => !missing.includes(name));
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set (give all four Shiprocket settings or none)`).join("\n")}`,
    );
  }
  return {
    email: env.SHIPROCKET_EMAIL!,
    password: env.SHIPROCKET_PASSWORD!,
    pickupLocation: env.SHIPROCKET_PICKUP_LOCATION!,
    webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN!,
    apiBase: env.SHIPROCKET_API_BASE.replace(/\/$/, ""),
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);

  let authSecret = env.BETTER_AUTH_SECRET;
  if (!authSecret) {
    if (isProduction) {
      throw new ConfigError(
        "Invalid configuration:\n  BETTER_AUTH_SECRET: required in production (generate one with `openssl rand -hex 32`)",
      );
    }
    authSecret = developmentSecret(dataDir);
  }

  // Without it cookies lose `Secure`, emails link to http://localhost and the same-origin checks
  // compare against the wrong origin; a production shop cannot guess its own address.
  if (isProduction && !env.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: required in production (the address shoppers use, e.g. https://shop.example.in)",
    );
  }

  if (isProduction && env.RAZORPAY_KEY_ID && !env.RAZORPAY_KEY_SECRET) {
    throw new ConfigError("Invalid configuration:\n  RAZORPAY_KEY_SECRET: required when RAZORPAY_KEY_ID is set");
  }

  const storage = storageSettings(env);
  const { sms, whatsapp } = messagingSettings(env, source);
  const shiprocket = shiprocketSettings(env);

  // PGlite is opened by one process only (DATA_DIR/shop.lock): several workers need PostgreSQL.
  if (!env.DATABASE_URL && env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY > 1) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${env.WEB_CONCURRENCY} worker processes need PostgreSQL (set DATABASE_URL); the embedded database runs in one process, so leave WEB_CONCURRENCY unset or 1`,
    );
  }
  const webConcurrency = env.WEB_CONCURRENCY ?? (env.DATABASE_URL ? availableParallelism() : 1);

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    authSecret,
    admin: { email: env.ADMIN_EMAIL?.toLowerCase(), password: env.ADMIN_PASSWORD },
    seedDemo: env.SEED_DEMO,
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      apiBase: env.RAZORPAY_API_BASE.replace(/\/$/, ""),
    },
    paymentsTestMode: env.PAYMENTS_TEST_MODE,
    shiprocket,
    orderLimits: {
      maxUnitsPerProduct: env.MAX_UNITS_PER_PRODUCT,
      maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
      maxOpenCodOrders: env.MAX_OPEN_COD_ORDERS,
      maxUnconfirmedCodOrders: env.MAX_UNCONFIRMED_COD_ORDERS,
    },
    cod: { maxOrderPaise: env.COD_MAX_ORDER_RUPEES * 100, feePaise: env.COD_FEE_RUPEES * 100, confirmHours: env.COD_CONFIRM_HOURS },
    smtpUrl: env.SMTP_URL,
    sms,
    whatsapp,
    trustProxy: env.TRUST_PROXY,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    dispatch: { dispatchCutoff: env.SHOP_DISPATCH_CUTOFF },
    metricsToken: env.METRICS_TOKEN,
    storage,
    imageCacheMaxBytes: env.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    webConcurrency,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    staffTwoFactor: env.STAFF_TWO_FACTOR ?? (isProduction ? "required" : "optional"),
    consultUrl: env.CONSULT_URL ?? null,
    seller: {
      name: env.SELLER_NAME,
      address: env.SELLER_ADDRESS,
      phone: env.SELLER_PHONE,
      email: env.SELLER_EMAIL,
      gstin: env.SELLER_GSTIN,
      drugLicence: env.SELLER_DRUG_LICENCE,
      pharmacistName: env.SELLER_PHARMACIST_NAME,
      pharmacistRegistration: env.SELLER_PHARMACIST_REGISTRATION,
      grievanceOfficerName: env.GRIEVANCE_OFFICER_NAME,
      grievanceOfficerEmail: env.GRIEVANCE_OFFICER_EMAIL,
      socialUrl: env.SELLER_SOCIAL_URL ?? null,
      whatsappChatNumber: env.WHATSAPP_CHAT_NUMBER ?? null,
    },
  };
}

/** Order news by SMS (decisions/054): MSG91's key and a DLT Flow id per template (server/modules/messaging/templates.ts). */
export interface Msg91OrderFlows {
  authKey: string;
  flowIds: Record<MessageTemplateName, string>;
  /** The Hindi flows (MSG91_FLOW_<NAME>_HI, decisions/064), all or none; none: Hindi shoppers get the English flows. */
  hindiFlowIds: Record<MessageTemplateName, string> | null;
}

/** Order news on WhatsApp (decisions/054): the Cloud API account, the templates' language and the webhook's secrets. */
export interface WhatsAppOrderSettings {
  token: string;
  phoneNumberId: string;
  language: string;
  /** The code the Hindi templates are registered under (WHATSAPP_TEMPLATE_LANGUAGE_HI, decisions/064); null: Hindi shoppers get the English ones. */
  hindiLanguage: string | null;
  appSecret: string;
  verifyToken: string;
}

const FLOW_ID = /^[A-Za-z0-9]{8,64}$/;

/**
 * The messaging settings: each provider is all or nothing (a key without its template is a
 * mistake, said at start, never a message that silently goes nowhere). One-time codes: MSG91's key
 * and OTP template; WhatsApp's token, number id and OTP template. Order news (decisions/054): every
 * template's MSG91_FLOW_<NAME> with MSG91_AUTH_KEY; WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN
 * with the WhatsApp account.
 */
function messagingSettings(env: Env, source: NodeJS.ProcessEnv): Pick<Config, "sms" | "whatsapp"> {
  const problems: string[] = [];
  const msg91 = [env.MSG91_AUTH_KEY, env.MSG91_OTP_TEMPLATE_ID];
  if (msg91.some(Boolean) && !msg91.every(Boolean)) {
    problems.push(`  ${env.MSG91_AUTH_KEY ? "MSG91_OTP_TEMPLATE_ID" : "MSG91_AUTH_KEY"}: required when ${env.MSG91_AUTH_KEY ? "MSG91_AUTH_KEY" : "MSG91_OTP_TEMPLATE_ID"} is set`);
  }
  const whatsappNames = ["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_OTP_TEMPLATE"] as const;
  const given = whatsappNames.filter((name) => env[name]);
  if (given.length > 0 && given.length < whatsappNames.length) {
    for (const name of whatsappNames) if (!env[name]) problems.push(`  ${name}: required when ${given.join(" and ")} ${given.length > 1 ? "are" : "is"} set`);
  }

  // Each language's flows are all or none (decisions/054, 064); Hindi ones only beside the English ones.
  const readFlows = (language: Language) => {
    const ids: Partial<Record<MessageTemplateName, string>> = {};
    const given: string[] = [];
    for (const name of MESSAGE_TEMPLATE_NAMES) {
      const setting = flowIdSetting(name, language);
      const value = source[setting]?.trim();
      if (!value) continue;
      given.push(setting);
      if (FLOW_ID.test(value)) ids[name] = value;
      else problems.push(`  ${setting}: must be the Flow template's id from MSG91 (letters and digits)`);
    }
    if (given.length > 0) {
      const which = language === "en" ? "MSG91_FLOW_" : `MSG91_FLOW_…_${language.toUpperCase()}`;
      const needed = `required when ${given.length > 1 ? `other ${which} settings are` : `${given[0]} is`} set (order messages by SMS need every template's flow)`;
      for (const name of MESSAGE_TEMPLATE_NAMES) if (!source[flowIdSetting(name, language)]?.trim()) problems.push(`  ${flowIdSetting(name, language)}: ${needed}`);
      if (!env.MSG91_AUTH_KEY) problems.push(`  MSG91_AUTH_KEY: ${needed}`);
    }
    return { ids: ids as Record<MessageTemplateName, string>, given };
  };
  const { ids: flowIds, given: flowsGiven } = readFlows("en");
  const { ids: hindiFlowIds, given: hindiFlowsGiven } = readFlows("hi");
  if (hindiFlowsGiven.length > 0 && flowsGiven.length === 0) {
    problems.push(`  ${flowIdSetting(MESSAGE_TEMPLATE_NAMES[0]!)}: the English flows are required when Hindi ones (${hindiFlowsGiven[0]}) are set`);
  }
  if (env.WHATSAPP_TEMPLATE_LANGUAGE_HI && !(env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN)) {
    problems.push("  WHATSAPP_TEMPLATE_LANGUAGE_HI: only with the WhatsApp account for order messages (WHATSAPP_ACCESS_TOKEN … WHATSAPP_VERIFY_TOKEN)");
  }

  const webhook = [env.WHATSAPP_APP_SECRET, env.WHATSAPP_VERIFY_TOKEN];
  if (webhook.some(Boolean)) {
    const named = env.WHATSAPP_APP_SECRET ? "WHATSAPP_APP_SECRET" : "WHATSAPP_VERIFY_TOKEN";
    if (!env.WHATSAPP_APP_SECRET) problems.push(`  WHATSAPP_APP_SECRET: required when ${named} is set`);
    if (!env.WHATSAPP_VERIFY_TOKEN) problems.push(`  WHATSAPP_VERIFY_TOKEN: required when ${named} is set`);
    if (given.length === 0) for (const name of whatsappNames) problems.push(`  ${name}: required when ${named} is set (order messages on WhatsApp need the account)`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return {
    sms: {
      apiBase: env.MSG91_API_BASE.replace(/\/$/, ""),
      msg91: env.MSG91_AUTH_KEY && env.MSG91_OTP_TEMPLATE_ID ? { authKey: env.MSG91_AUTH_KEY, templateId: env.MSG91_OTP_TEMPLATE_ID } : null,
      orders:
        env.MSG91_AUTH_KEY && flowsGiven.length > 0
          ? { authKey: env.MSG91_AUTH_KEY, flowIds, hindiFlowIds: hindiFlowsGiven.length > 0 ? hindiFlowIds : null }
          : null,
    },
    whatsapp: {
      apiBase: env.WHATSAPP_API_BASE.replace(/\/$/, ""),
      otp:
        env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_OTP_TEMPLATE
          ? { token: env.WHATSAPP_ACCESS_TOKEN, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID, template: env.WHATSAPP_OTP_TEMPLATE, language: env.WHATSAPP_OTP_TEMPLATE_LANGUAGE }
          : null,
      orders:
        env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN
          ? {
              token: env.WHATSAPP_ACCESS_TOKEN,
              phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
              language: env.WHATSAPP_TEMPLATE_LANGUAGE,
              hindiLanguage: env.WHATSAPP_TEMPLATE_LANGUAGE_HI ?? null,
              appSecret: env.WHATSAPP_APP_SECRET,
              verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            }
          : null,
    },
  };
}

/** Only what the storage commands need (DATA_DIR and the S3_* variables), without the shop's other requirements. */
export function loadStorageConfig(source: NodeJS.ProcessEnv = process.env): Pick<Config, "dataDir" | "storage"> {
  const parsed = envSchema.pick({
    DATA_DIR: true,
    S3_BUCKET: true,
    S3_REGION: true,
    S3_ENDPOINT: true,
    S3_ACCESS_KEY_ID: true,
    S3_SECRET_ACCESS_KEY: true,
    S3_PREFIX: true,
    S3_FORCE_PATH_STYLE: true,
  }).safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return { dataDir: path.resolve(parsed.data.DATA_DIR), storage: storageSettings(parsed.data) };
}

/** The S3_* variables as one choice: none set is the local disk; a bucket needs its region, and keys come in pairs. */
function storageSettings(env: Pick<Env, "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PREFIX" | "S3_FORCE_PATH_STYLE">): Config["storage"] {
  const others = [env.S3_REGION, env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, env.S3_PREFIX];
  if (!env.S3_BUCKET) {
    if (others.some((value) => value !== undefined)) {
      throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when other S3_ variables are set");
    }
    return { kind: "local" };
  }
  if (!env.S3_REGION) throw new ConfigError("Invalid configuration:\n  S3_REGION: required with S3_BUCKET (e.g. ap-south-1, or auto for R2)");
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"}: set both keys, or neither to use the instance's role`,
    );
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  return {
    kind: "s3",
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ""),
    // MinIO and most self-hosted stores want the bucket in the path; AWS wants it in the host name.
    forcePathStyle: pathStyle === undefined || pathStyle === "" ? env.S3_ENDPOINT !== undefined : pathStyle === "1" || pathStyle === "true",
    prefix: env.S3_PREFIX ? env.S3_PREFIX.replace(/\/?$/, "/") : "",
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** In development a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
