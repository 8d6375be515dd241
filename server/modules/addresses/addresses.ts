// The address book (api-contract.md, "Addresses"; decisions/021): a customer's saved delivery
// addresses, India only, at most MAX_ADDRESSES each and at most one default. Every read and write is
// scoped to the caller: another customer's address is "not-found", never "forbidden".
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { MAX_ADDRESSES, type AddressInput, type SavedAddress } from "#common/addresses.ts";
import { CHECKOUT_MESSAGES } from "#common/checkout.ts";
import { COUNTRY_INDIA } from "#common/india.ts";
import { addresses, user } from "#server/db/schema.ts";
import { inTransaction, Rollback, type Executor, type Transaction } from "#server/db/tx.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import { readInput, type InvalidInput } from "#server/schemas/input.ts";
import { findServiceability } from "#server/modules/delivery/serviceability.ts";
import { addressSchema } from "#server/schemas/addresses.ts";

type AddressRow = typeof addresses.$inferSelect;

export type AddressResult =
  | { ok: true; outcome: "created" | "updated" | "made-default"; address: SavedAddress }
  | InvalidInput
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "too-many" };

export type DeleteAddressResult = { ok: true; outcome: "deleted" } | { ok: false; reason: "not-found" };

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    _id: row.id,
    fullName: row.fullName,
    phone: row.phone,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
    ...(row.landmark ? { landmark: row.landmark } : {}),
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: COUNTRY_INDIA,
    isDefault: row.isDefault,
  };
}

/** The caller's addresses, the default first, then newest first. */
export async function listAddresses(db: Executor, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
  return rows.map(toSavedAddress);
}

/** One of the caller's addresses, or null (also for someone else's or a malformed id). */
export async function findAddressOfUser(db: Executor, userId: string, addressId: string): Promise<SavedAddress | null> {
  if (typeof addressId !== "string" || !ID_PATTERN.test(addressId)) return null;
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return row ? toSavedAddress(row) : null;
}

/** Serialises one customer's address-book writes (the cap and the single default hold under races). */
async function lockCustomer(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
}

/**
 * The address book holds addresses the shop delivers to: a PIN code outside the serviceability
 * table is refused with the checkout's sentence (whatever the state), and an empty state is filled
 * from the PIN's range.
 */
async function withState(db: Executor, input: AddressInput): Promise<{ ok: true; state: string } | InvalidInput> {
  const found = await findServiceability(db, input.postalCode);
  if (!found.serviceable) return { ok: false, reason: "invalid", errors: { postalCode: CHECKOUT_MESSAGES.notServiceable } };
  return { ok: true, state: input.state ?? found.state };
}

function columns(input: AddressInput, state: string) {
  return {
    fullName: input.fullName,
    phone: input.phone,
    line1: input.line1,
    line2: input.line2,
    landmark: input.landmark,
    city: input.city,
    state,
    postalCode: input.postalCode,
  };
}

async function clearDefault(tx: Transaction, userId: string, except?: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ...(except ? [ne(addresses.id, except)] : [])),
    );
}

/** Saves a new address; the first one, or one marked so, becomes the default. */
export async function createAddress(db: Database, userId: string, body: unknown): Promise<AddressResult> {
  const read = readInput(addressSchema, body);
  if (!read.ok) return read;
  const state = await withState(db, read.input);
  if (!state.ok) return state;
  return inTransaction(db, async (tx): Promise<AddressResult> => {
    await lockCustomer(tx, userId);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const count = counted?.count ?? 0;
    if (count >= MAX_ADDRESSES) return { ok: false, reason: "too-many" };
    const isDefault = count === 0 || read.input.isDefault;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columns(read.input, state.state), isDefault })
      .returning();
    if (!row) throw new Error("address insert returned nothing");
    return { ok: true, outcome: "created", address: toSavedAddress(row) };
  });
}

/** Replaces an address's fields; `isDefault: true` makes it the default (false leaves the default as it is). */
export async function updateAddress(db: Database, userId: string, addressId: string, body: unknown): Promise<AddressResult> {
  if (!(await findAddressOfUser(db, userId, addressId))) return { ok: false, reason: "not-found" };
  const read = readInput(addressSchema, body);
  if (!read.ok) return read;
  const state = await withState(db, read.input);
  if (!state.ok) return state;
  return inTransaction(db, async (tx): Promise<AddressResult> => {
    await lockCustomer(tx, userId);
    if (read.input.isDefault) await clearDefault(tx, userId, addressId);
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(read.input, state.state), ...(read.input.isDefault ? { isDefault: true } : {}), updatedAt: sql`now()` })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw new Rollback<AddressResult>({ ok: false, reason: "not-found" });
    return { ok: true, outcome: "updated", address: toSavedAddress(row) };
  });
}

/** Makes one of the caller's addresses the default. */
export async function makeDefaultAddress(db: Database, userId: string, addressId: string): Promise<AddressResult> {
  if (!(await findAddressOfUser(db, userId, addressId))) return { ok: false, reason: "not-found" };
  return inTransaction(db, async (tx): Promise<AddressResult> => {
    await lockCustomer(tx, userId);
    await clearDefault(tx, userId, addressId);
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw new Rollback<AddressResult>({ ok: false, reason: "not-found" });
    return { ok: true, outcome: "made-default", address: toSavedAddress(row) };
  });
}

/** Deletes one of the caller's addresses; when it was the default, the newest remaining one takes over. */
export async function deleteAddress(db: Database, userId: string, addressId: string): Promise<DeleteAddressResult> {
  if (typeof addressId !== "string" || !ID_PATTERN.test(addressId)) return { ok: false, reason: "not-found" };
  return inTransaction(db, async (tx): Promise<DeleteAddressResult> => {
    await lockCustomer(tx, userId);
    const [row] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!row) return { ok: false, reason: "not-found" };
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true, updatedAt: sql`now()` }).where(eq(addresses.id, next.id));
    }
    return { ok: true, outcome: "deleted" };
  });
}
