import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "#server/auth.ts";
import type { RequestContext, ShopContext } from "#server/context.ts";
import { user as users } from "#server/db/schema.ts";

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: Role;
  /** The session token Better Auth's sign-in returns. */
  token: string;
  /** `{ Authorization: "Bearer <token>" }`, ready for supertest's `.set()`. */
  headers: { Authorization: string };
}

export interface TestUserInput {
  name?: string;
  email?: string;
  password?: string;
  role?: Role;
}

/** Signs a user up through Better Auth (as the register call does), optionally promotes it, and signs it in. */
export async function createUser(shop: ShopContext, input: TestUserInput = {}): Promise<TestUser> {
  const suffix = randomUUID().slice(0, 8);
  const role = input.role ?? "customer";
  const name = input.name ?? `Test ${role} ${suffix}`;
  const email = input.email ?? `${role}-${suffix}@example.com`;
  const password = input.password ?? `password-${suffix}`;

  const signedUp = await shop.auth.api.signUpEmail({ body: { name, email, password } });
  const id = signedUp.user.id;
  if (role !== "customer") {
    // A pharmacist holds a registration number (api-contract.md, "Details pinned").
    const pharmacistRegistration = role === "pharmacist" ? `KA/${Number.parseInt(suffix, 16) % 100_000 + 1000}/2020` : null;
    await shop.db.update(users).set({ role, pharmacistRegistration }).where(eq(users.id, id));
  }

  const { token } = await shop.auth.api.signInEmail({ body: { email, password } });
  return { id, name, email: email.toLowerCase(), password, role, token, headers: { Authorization: `Bearer ${token}` } };
}

export const createCustomer = (shop: ShopContext, input: Omit<TestUserInput, "role"> = {}) =>
  createUser(shop, { ...input, role: "customer" });

export const createAdmin = (shop: ShopContext, input: Omit<TestUserInput, "role"> = {}) =>
  createUser(shop, { ...input, role: "admin" });

/** A pharmacist with a registration number `KA/<number>/2020` (a State Pharmacy Council's form). */
export const createPharmacist = (shop: ShopContext, input: Omit<TestUserInput, "role"> = {}) =>
  createUser(shop, { ...input, role: "pharmacist" });

/** The load context React Router hands a page's loader or action, for calling them directly in tests. */
export function pageContext(shop: ShopContext, user: TestUser | null, clientIp = "127.0.0.1"): RequestContext {
  return {
    shop,
    requestId: "test",
    cspNonce: "",
    user: user ? { id: user.id, name: user.name, email: user.email, role: user.role } : null,
    clientIp,
  };
}
