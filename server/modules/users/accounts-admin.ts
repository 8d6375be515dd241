import { count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, ADMIN_ROLES, type AdminRole } from "#common/admin.ts";
import { adminCreateUserSchema, adminListQuerySchema, adminUpdateUserSchema, type AdminListQuery } from "#server/schemas/admin.ts";
import type { Auth } from "#server/auth.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import type { Transaction } from "#server/db/tx.ts";
import { account, session as sessions, twoFactor as twoFactors, twoFactorUsedCodes, user as users } from "#server/db/schema.ts";
import { auditActorById, recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { formatDateTime } from "#common/dates.ts";
import { SHOP_NAME } from "#common/brand.ts";
import { isUniqueViolation, likePattern } from "#server/db/errors.ts";
import { shownEmail } from "#server/db/no-email.ts";
import { type InvalidInput, type Listed, readInput, readQuery } from "#server/schemas/input.ts";

/** A user in the admin lists (api-contract.md, "Admin"); never the password. */
export interface AdminUserJson {
  _id: string;
  name: string;
  /** Null for an account made by phone without an email (decisions/050). */
  email: string | null;
  role: AdminRole;
  phone: string | null;
  phoneVerified: boolean;
  /** A pharmacist's State Pharmacy Council registration number (null for every other role). */
  pharmacistRegistration: string | null;
  /** Two-factor sign-in is on (decisions/051); an admin may reset it for someone who lost their phone. */
  twoFactorEnabled: boolean;
  createdAt: string;
}

type UserRow = Pick<typeof users.$inferSelect, "id" | "name" | "email" | "role" | "phone" | "phoneVerified" | "pharmacistRegistration" | "twoFactorEnabled" | "createdAt">;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  phone: users.phone,
  phoneVerified: users.phoneVerified,
  pharmacistRegistration: users.pharmacistRegistration,
  twoFactorEnabled: users.twoFactorEnabled,
  createdAt: users.createdAt,
};

function adminRole(role: string): AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(role) ? (role as AdminRole) : "customer";
}

/** A pharmacist needs their registration number (api-contract.md, "Details pinned"); nobody else keeps one. */
function registrationFor(role: AdminRole, given: string | undefined, stored: string | null): { ok: true; value: string | null } | InvalidInput {
  if (role !== "pharmacist") return { ok: true, value: null };
  const value = given ?? stored;
  if (!value) return { ok: false, reason: "invalid", errors: { pharmacistRegistration: ADMIN_MESSAGES.pharmacistRegistrationRequired } };
  return { ok: true, value };
}

function toAdminUserJson(row: UserRow): AdminUserJson {
  return {
    _id: row.id,
    name: row.name,
    email: shownEmail(row.email),
    role: adminRole(row.role),
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    pharmacistRegistration: row.role === "pharmacist" ? row.pharmacistRegistration : null,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/users and the users page: users newest first, `search` matching part of the name or email. */
export async function listUsers(db: Database, query: unknown): Promise<Listed<AdminUserJson, AdminListQuery>> {
  const read = readQuery(adminListQuerySchema, query);
  if (!read.ok) return read;
  const { page = 1, limit = ADMIN_PAGE_SIZE, search } = read.input;
  const where: SQL | undefined = search ? or(ilike(users.name, likePattern(search)), ilike(users.email, likePattern(search))) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { ok: true, query: read.input, items: rows.map(toAdminUserJson), total: counted?.total ?? 0, page, limit };
}

export type CreateUserResult = { ok: true; user: AdminUserJson } | { ok: false; reason: "email-taken" } | InvalidInput;

/**
 * POST /api/admin/users and the users page's Add User: creates an account with a password (hashed
 * by Better Auth, as at sign-up) and the chosen role, without signing anyone in. The user and its
 * credential account are written in one transaction.
 */
export async function createUserAccount(
  { auth, db, config }: { auth: Auth; db: Database; config: { publicUrl: string } },
  actorId: string,
  body: unknown,
): Promise<CreateUserResult> {
  const read = readInput(adminCreateUserSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const registration = registrationFor(input.role ?? "customer", input.pharmacistRegistration, null);
  if (!registration.ok) return registration;
  const authContext = await auth.$context;
  const passwordHash = await authContext.password.hash(input.password);
  const id = crypto.randomUUID();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id,
          name: input.name,
          email: input.email.toLowerCase(),
          role: input.role ?? "customer",
          pharmacistRegistration: registration.value,
          emailVerified: false,
        })
        .onConflictDoNothing({ target: users.email })
        .returning(userColumns);
      if (!row) return { ok: false, reason: "email-taken" } as const;
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: passwordHash,
      });
      const created = toAdminUserJson(row);
      const actor = await auditActorById(tx, actorId);
      await recordAudit(tx, actor, { action: "user.create", entity: "user", entityId: id, after: created });
      if (created.role === "pharmacist") await tellAdminsOfPharmacist(tx, actor, created, config.publicUrl);
      return { ok: true, user: created } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}

export type UpdateUserResult =
  | { ok: true; user: AdminUserJson }
  | { ok: false; reason: "not-found" | "email-taken" | "own-role" | "last-admin" | "nothing-to-update" }
  | InvalidInput;

/**
 * PUT /api/admin/users/:id and the users page's role change: a user's name, email or role. An admin cannot change their own role, and the last
 * admin cannot be demoted: the admins' rows are locked first, so two admins demoting each other
 * at the same moment cannot both succeed.
 */
export async function updateUserAccount(
  db: Database,
  actorId: string,
  id: string,
  body: unknown,
  /** The shop's address, for the links of the email every admin gets when someone becomes a pharmacist. */
  publicUrl = "",
): Promise<UpdateUserResult> {
  const read = readInput(adminUpdateUserSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  if (input.name === undefined && input.email === undefined && input.role === undefined && input.pharmacistRegistration === undefined) {
    return { ok: false, reason: "nothing-to-update" };
  }
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  try {
    return await db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const [current] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for("update");
      if (!current) return { ok: false, reason: "not-found" } as const;

      if (input.role !== undefined && input.role !== current.role) {
        if (id === actorId) return { ok: false, reason: "own-role" } as const;
        if (current.role === "admin" && admins.length <= 1) return { ok: false, reason: "last-admin" } as const;
      }
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.email !== undefined) changes.email = input.email.toLowerCase();
      if (input.role !== undefined) changes.role = input.role;
      // A pharmacist keeps (or is given) a registration number; any other role holds none.
      const registration = registrationFor(input.role ?? adminRole(current.role), input.pharmacistRegistration, current.pharmacistRegistration);
      if (!registration.ok) return registration;
      if (registration.value !== current.pharmacistRegistration) changes.pharmacistRegistration = registration.value;
      if (Object.keys(changes).length === 0) return { ok: true, user: toAdminUserJson(current) } as const;

      if (changes.email !== undefined && changes.email !== current.email) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, changes.email)).limit(1);
        if (taken) return { ok: false, reason: "email-taken" } as const;
      }
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning(userColumns);
      const changed = Object.keys(changes) as (keyof typeof changes)[];
      const actor = await auditActorById(tx, actorId);
      // Made a pharmacist, or a pharmacist's number changed: every admin hears of it (the number signs approvals).
      if (row!.role === "pharmacist" && (current.role !== "pharmacist" || changes.pharmacistRegistration !== undefined)) {
        await tellAdminsOfPharmacist(tx, actor, toAdminUserJson(row!), publicUrl);
      }
      await recordAudit(tx, actor, {
        action: changes.role !== undefined && changes.role !== current.role ? "user.role" : "user.update",
        entity: "user",
        entityId: id,
        before: Object.fromEntries(changed.map((key) => [key, current[key as keyof typeof current]])),
        after: changes,
      });
      return { ok: true, user: toAdminUserJson(row!) } as const;
    });
  } catch (error) {
    // Another request took the address between the check and the update.
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}

export type DeleteUserResult = { ok: true } | { ok: false; reason: "not-found" | "self" | "last-admin" };

/**
 * DELETE /api/admin/users/:id and the users page's Delete: removes a user with their sessions, accounts and cart; their orders stay (without the link)
 * and their reviews keep the name they were written under. Never the caller, never the last admin.
 */
export async function deleteUserAccount(db: Database, actorId: string, id: string): Promise<DeleteUserResult> {
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  if (id === actorId) return { ok: false, reason: "self" };
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [current] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    if (current.role === "admin" && admins.length <= 1) return { ok: false, reason: "last-admin" } as const;
    await recordAudit(tx, await auditActorById(tx, actorId), { action: "user.delete", entity: "user", entityId: id, before: toAdminUserJson(current) });
    await tx.delete(users).where(eq(users.id, id));
    return { ok: true } as const;
  });
}


export type ResetTwoFactorResult = { ok: true } | { ok: false; reason: "not-found" | "self" | "not-enabled" };

/**
 * An admin turns off another account's two-factor sign-in (decisions/051: staff who lost their
 * phone and their backup codes): the secret and backup codes are removed, every session of the
 * account is revoked, and the audit log records who did it. Never one's own (the profile does
 * that, with a code): a stolen admin session cannot strip its own account's second factor.
 */
export async function resetUserTwoFactor(db: Database, actorId: string, id: string): Promise<ResetTwoFactorResult> {
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  if (id === actorId) return { ok: false, reason: "self" };
  return db.transaction(async (tx) => {
    const [current] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    const [secret] = await tx.select({ id: twoFactors.id }).from(twoFactors).where(eq(twoFactors.userId, id));
    if (!current.twoFactorEnabled && !secret) return { ok: false, reason: "not-enabled" } as const;
    await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
    await tx.delete(twoFactorUsedCodes).where(eq(twoFactorUsedCodes.userId, id));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, await auditActorById(tx, actorId), {
      action: "user.two-factor-reset",
      entity: "user",
      entityId: id,
      before: toAdminUserJson(current),
      after: toAdminUserJson({ ...current, twoFactorEnabled: false }),
    });
    return { ok: true } as const;
  });
}

/** How many admins there are: the last one is never demoted or deleted, so the users page offers neither. */
export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.role, "admin"));
  return row?.total ?? 0;
}

/**
 * Emails every admin that someone can now approve prescription medicines, or approves them under a
 * new registration number: who did it, when, and where to undo it. Queued in the change's
 * transaction, so the emails go only when the change commits. Anyone who can make a pharmacist
 * could make one of a friend's account (or their own second one); the other admins are the check.
 */
async function tellAdminsOfPharmacist(tx: Transaction, actor: AuditActor, person: AdminUserJson, publicUrl: string): Promise<void> {
  const admins = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.role, "admin")).orderBy(users.id);
  const history = `${publicUrl}/admin/audit?${new URLSearchParams({ entity: "user", entityId: person._id })}`;
  for (const admin of admins) {
    const lines = [
      `Hello ${admin.name},`,
      "",
      `${actor.name} made ${person.name} (${person.email}) a pharmacist with State Pharmacy Council registration ${person.pharmacistRegistration} on ${formatDateTime(new Date())} (India time).`,
      "A pharmacist approves prescription medicines in the shop's name, and this number is printed on every approval and in the Schedule H1 register.",
      "",
      `If you did not expect this, change their role on ${publicUrl}/admin/users and read the change in the audit log: ${history}`,
      "",
      `— ${SHOP_NAME}`,
    ];
    await queueEmail(tx, { to: admin.email, subject: `${person.name} is now a pharmacist at ${SHOP_NAME}`, text: lines.join("\n") });
  }
}

/** Locks every admin row (in id order, so concurrent callers queue rather than deadlock). */
function lockAdmins(tx: Transaction) {
  return tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).orderBy(users.id).for("update");
}
