// The delivery promise when the shop ships through Shiprocket (issue 31, decisions/052): the PIN
// check, the quote and the checkout ask Shiprocket's courier network which couriers reach a PIN
// code (a half-kilo parcel from the pickup location), and promise the recommended courier's
// delivery days and cash on delivery when some courier collects it. The answer is kept a day per
// PIN in `courier_serviceability` (every process reads the same row, so the product page, the quote
// and the order agree). Shiprocket unreachable or refusing, or an answer without a state or days
// the shop can use: the uploaded PIN list answers (serviceability.ts), logged and counted; after
// an outage the courier network is left alone for a minute so that PIN checks do not each wait
// for the timeout.
import { eq } from "drizzle-orm";
import { INDIAN_STATES, isValidPin, PIN_CODE_MESSAGE } from "#common/india.ts";
import { type DeliveryCheckState, pinFromInput } from "#common/serviceability.ts";
import type { Config } from "#server/config.ts";
import { courierServiceability } from "#server/db/schema.ts";
import type { Database } from "#server/db/client.ts";
import { countRequests } from "#server/modules/limits/limiter.ts";
import { countServiceability } from "#server/modules/shipping/counters.ts";
import { ShiprocketError, shiprocketFor, type CourierServiceability } from "#server/modules/shipping/shiprocket.ts";
import type { Logger } from "pino";
import { type DispatchConfig, estimateDelivery, findServiceability, type Serviceability } from "./serviceability.ts";

/** How long Shiprocket's answer for a PIN is kept. */
export const COURIER_ANSWER_TTL_MS = 24 * 60 * 60 * 1000;
/** The parcel a PIN check asks about: most orders are a few strips or a bottle. */
export const PIN_CHECK_WEIGHT_KG = 0.5;
/** After Shiprocket could not be reached (or failed on its side), PIN checks use the list this long. */
export const COURIER_BACKOFF_MS = 60_000;

export interface DeliveryShop {
  db: Database;
  config: Pick<Config, "shiprocket" | "rateLimitScale">;
  logger: Pick<Logger, "warn">;
}

type CachedRow = typeof courierServiceability.$inferSelect;

/** Per process: until when Shiprocket is left alone after an outage. */
let backoffUntil = 0;

/** Shiprocket's state name as the shop spells it ("KARNATAKA" → "Karnataka"), or null. */
function shopState(name: string | null): string | null {
  if (!name) return null;
  const wanted = name.trim().toLowerCase();
  return INDIAN_STATES.find((state) => state.toLowerCase() === wanted) ?? null;
}

/**
 * GET /api/serviceability/:pin, the product page's "Check delivery", the quote and the checkout:
 * one promise per PIN. Without Shiprocket settings: the uploaded list (findServiceability).
 * `clientIp` (the public PIN checks): a client asking about more new PINs than
 * `courierChecksPerAddress` allows gets the uploaded list's answer instead (a PIN sweep would
 * otherwise be a Shiprocket call each); the checkout always asks.
 */
export async function findDeliveryPromise(shop: DeliveryShop, pin: string, now: Date, dispatch: DispatchConfig, clientIp?: string): Promise<Serviceability> {
  const client = shiprocketFor(shop.config);
  const settings = shop.config.shiprocket;
  if (!client || !settings || !isValidPin(pin)) return findServiceability(shop.db, pin, now, dispatch);

  let row = await cachedAnswer(shop.db, pin, now);
  if (row) countServiceability("cached");
  else if (now.getTime() < backoffUntil) {
    countServiceability("fallback");
    return findServiceability(shop.db, pin, now, dispatch);
  } else if (clientIp !== undefined && (await countRequests(shop, [["courierChecksPerAddress", clientIp]]))) {
    countServiceability("fallback");
    return findServiceability(shop.db, pin, now, dispatch);
  } else {
    let answer: CourierServiceability;
    try {
      const pickupPin = await client.pickupPin(settings.pickupLocation);
      answer = await client.courierServiceability({ pickupPin, deliveryPin: pin, weightKg: PIN_CHECK_WEIGHT_KG });
    } catch (error) {
      if (!(error instanceof ShiprocketError)) throw error;
      if (error.status === undefined || error.status >= 500) backoffUntil = now.getTime() + COURIER_BACKOFF_MS;
      shop.logger.warn({ pin, err: error.message }, "shiprocket serviceability failed; the uploaded PIN list answers");
      countServiceability("fallback");
      return findServiceability(shop.db, pin, now, dispatch);
    }
    row = await saveAnswer(shop.db, pin, answer, now);
    countServiceability("asked");
  }

  if (!row.serviceable) return { pin, serviceable: false };
  const listed = row.state === null || row.days === null ? await findServiceability(shop.db, pin, now, dispatch) : null;
  const state = row.state ?? (listed?.serviceable ? listed.state : null);
  if (state === null || row.days === null) {
    // Served by a courier, but the shop cannot name the state (the invoice's place of supply) or a date.
    shop.logger.warn({ pin, state: row.state, days: row.days }, "shiprocket's answer lacks a state or delivery days; the uploaded PIN list answers");
    countServiceability("fallback");
    return listed ?? findServiceability(shop.db, pin, now, dispatch);
  }
  return {
    pin,
    serviceable: true,
    state,
    ...(row.city ? { city: row.city } : {}),
    cod: row.cod,
    estimatedDelivery: estimateDelivery(now, row.days, row.days, dispatch),
  };
}

/**
 * The "Check delivery" box's answer for a page without JavaScript (`?pin=` on the product page):
 * null without a PIN, the PIN's message for a malformed one, else the delivery promise.
 */
export async function deliveryCheckForPage(shop: DeliveryShop, dispatch: DispatchConfig, rawPin: string | null, clientIp: string): Promise<DeliveryCheckState | null> {
  if (rawPin === null) return null;
  const pin = pinFromInput(rawPin);
  if (!isValidPin(pin)) return { pin, error: PIN_CODE_MESSAGE };
  return { pin, result: await findDeliveryPromise(shop, pin, new Date(), dispatch, clientIp) };
}

async function cachedAnswer(db: Database, pin: string, now: Date): Promise<CachedRow | undefined> {
  const [row] = await db.select().from(courierServiceability).where(eq(courierServiceability.pin, pin));
  return row && now.getTime() - row.checkedAt.getTime() < COURIER_ANSWER_TTL_MS ? row : undefined;
}

async function saveAnswer(db: Database, pin: string, answer: CourierServiceability, now: Date): Promise<CachedRow> {
  const values = answer.serviceable
    ? { pin, serviceable: true, state: shopState(answer.state), city: answer.city?.slice(0, 100) ?? null, cod: answer.cod, days: answer.days, courier: answer.courier.slice(0, 100), checkedAt: now }
    : { pin, serviceable: false, state: null, city: null, cod: false, days: null, courier: null, checkedAt: now };
  const [row] = await db
    .insert(courierServiceability)
    .values(values)
    .onConflictDoUpdate({ target: courierServiceability.pin, set: values })
    .returning();
  return row!;
}

/** Tests: forget this process's back-off. */
export function resetCourierBackoff(): void {
  backoffUntil = 0;
}
