import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, notExists } from "drizzle-orm";
import { session, user } from "../schema.ts";
import type { SeedShop } from "./seed-shop.ts";

export const DEV_ADMIN_EMAIL = "admin@example.com";
export const ADMIN_CREDENTIALS_FILE = "admin-credentials.txt";

export type AdminSeedResult =
  | { created: false; restored?: false }
  /** No admin was left; the existing account of ADMIN_EMAIL was made admin again. */
  | { created: false; restored: true; email: string }
  | { created: true; email: string; source: "env" | "generated"; credentialsFile?: string };

/**
 * Makes sure the shop has a first admin:
 * - ADMIN_EMAIL set, no admin at all, and a user with that email: it is made admin again (the
 *   last admin demoted or deleted outside the shop's rules, e.g. directly in the database).
 * - ADMIN_EMAIL + ADMIN_PASSWORD set: that account is created if no user has the email.
 * - otherwise, with no admin at all, outside production: admin@example.com with a random
 *   password, printed once and written to DATA_DIR/admin-credentials.txt (mode 0600).
 * - in production without them: a warning, nothing created.
 */
export async function ensureFirstAdmin(shop: SeedShop): Promise<AdminSeedResult> {
  const { config, db, logger } = shop;
  const { email, password } = config.admin;

  // Never the last admin, across restarts too: with no admin at all, the operator's account is one again.
  if (email && (await restoreAdmin(shop, email))) return { created: false, restored: true, email };

  if (email && password) {
    const existing = await findUserByEmail(shop, email);
    if (existing) {
      // While another admin exists, never promote silently: whoever registered the address first
      // may not be the operator.
      if (existing.role !== "admin") {
        logger.warn({ email }, "ADMIN_EMAIL belongs to an existing customer account; it was not made an admin");
      }
      return { created: false };
    }
    if (!(await createAdmin(shop, email, password))) return { created: false };
    logger.info({ email }, "Admin account created from ADMIN_EMAIL");
    return { created: true, email, source: "env" };
  }
  if (email || password) logger.warn("ADMIN_EMAIL and ADMIN_PASSWORD must be set together; both are ignored");

  const [anyAdmin] = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin")).limit(1);
  if (anyAdmin) return { created: false };

  if (config.isProduction) {
    logger.warn("No admin account exists; set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one");
    return { created: false };
  }
  if (await findUserByEmail(shop, DEV_ADMIN_EMAIL)) {
    logger.warn({ email: DEV_ADMIN_EMAIL }, "No admin exists and the development admin address is taken by a customer");
    return { created: false };
  }

  const generated = randomBytes(12).toString("base64url");
  if (!(await createAdmin(shop, DEV_ADMIN_EMAIL, generated))) return { created: false };
  const credentialsFile = writeCredentialsFile(shop, DEV_ADMIN_EMAIL, generated);
  // The password goes to the terminal and the file only, never into the structured log.
  logger.info({ email: DEV_ADMIN_EMAIL, credentialsFile }, "Development admin account created");
  if (config.env !== "test") {
    const line = `Admin account created: ${DEV_ADMIN_EMAIL} / ${generated}`;
    const note = `(also saved in ${credentialsFile})`;
    const width = Math.max(line.length, note.length);
    console.log(
      [`┌${"─".repeat(width + 2)}┐`, `│ ${line.padEnd(width)} │`, `│ ${note.padEnd(width)} │`, `└${"─".repeat(width + 2)}┘`].join(
        "\n",
      ),
    );
  }
  return { created: true, email: DEV_ADMIN_EMAIL, source: "generated", credentialsFile };
}

/** Promotes the ADMIN_EMAIL account when no admin exists; one statement, so a start racing another is harmless. */
async function restoreAdmin(shop: SeedShop, email: string): Promise<boolean> {
  const admins = shop.db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
  const rows = await shop.db
    .update(user)
    .set({ role: "admin" })
    .where(and(eq(user.email, email.toLowerCase()), notExists(admins)))
    .returning({ id: user.id });
  if (rows.length === 0) return false;
  shop.logger.warn({ email }, "No admin account was left; the ADMIN_EMAIL account was made admin again");
  return true;
}

async function findUserByEmail(shop: SeedShop, email: string) {
  const [found] = await shop.db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email.toLowerCase()))
    .limit(1);
  return found;
}

/** Returns false when another process created the same account first. */
async function createAdmin(shop: SeedShop, email: string, password: string): Promise<boolean> {
  let userId: string;
  try {
    const result = await shop.auth.api.signUpEmail({ body: { name: "Shop Admin", email, password } });
    userId = result.user.id;
  } catch (error) {
    if (await findUserByEmail(shop, email)) return false;
    throw error;
  }
  await shop.db.update(user).set({ role: "admin" }).where(eq(user.id, userId));
  // Sign-up also signs the new user in; nobody holds that session, so it goes.
  await shop.db.delete(session).where(eq(session.userId, userId));
  return true;
}

function writeCredentialsFile(shop: SeedShop, email: string, password: string): string {
  const { config } = shop;
  const file = path.join(config.dataDir, ADMIN_CREDENTIALS_FILE);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const text = [
    `Development admin account, created ${new Date().toISOString()}`,
    `Email:    ${email}`,
    `Password: ${password}`,
    "",
    `Sign in at ${config.publicUrl}/login, then change the password and delete this file.`,
    "",
  ].join("\n");
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
