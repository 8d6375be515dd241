import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, twoFactor } from "better-auth/plugins";
import * as z from "zod/mini";
import { personName } from "#server/schemas/auth.ts";
import { newBackupCodes } from "#server/modules/users/backup-codes.ts";
import { accountEmailCallbacks, RESET_LINK_SECONDS, VERIFY_LINK_SECONDS } from "#server/modules/users/account-emails.ts";
import { codeSessions } from "./auth-code-sessions.ts";
import type { Language } from "#common/language.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Logger } from "pino";
import * as schema from "./db/schema.ts";

export const ROLES = ["customer", "pharmacist", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** A stored role as the API reports it; anything unknown is a customer. */
export function asRole(value: string | null | undefined): Role {
  return ROLES.find((role) => role === value) ?? "customer";
}

/**
 * The header through which the shop's own server code tells Better Auth the client's address (the
 * one Express resolved under the proxy setting). Better Auth reads no other: a client-sent
 * X-Forwarded-For never reaches it (its HTTP endpoints are closed, server/http/auth-door.ts).
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

/** How long a two-factor sign-in challenge is valid (api-contract.md, "Staff two-factor"). */
export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;

/** A session lasts 30 days and is extended (to 30 days from then) once a day while it is used. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** Better Auth's `__Secure-` cookies: only for a production shop served over https. */
export function usesSecureCookies(config: Pick<Config, "isProduction" | "publicUrl">): boolean {
  return config.isProduction && config.publicUrl.startsWith("https://");
}

export function createAuth(config: Config, db: Database, log?: Logger) {
  const emails = accountEmailCallbacks(db, config.publicUrl);
  return betterAuth({
    appName: config.seller.name,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Account self-service (decisions/023): Better Auth's own reset tokens, single use, one hour;
      // the emails go through the shop's outbox and link to the shop's /reset-password page.
      sendResetPassword: emails.sendResetPassword,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendVerificationEmail: emails.sendVerificationEmail,
      // Sent by the shop's registration (server/modules/users/accounts.ts), not by every sign-up
      // (the seed's and tests' accounts get none).
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_SECONDS,
    },
    // Tokens are kept hashed in the verification table: a database read does not hand out reset links.
    verification: { storeIdentifier: "hashed" },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    user: {
      additionalFields: {
        // The role is never taken from a sign-up body; only admins change it.
        role: { type: "string", required: false, defaultValue: "customer", input: false },
        // Set only through the shop's profile use case (server/modules/users/self-service.ts).
        phone: { type: "string", required: false, input: false },
        // Set only by a right one-time code (server/modules/users/phone-sign-in.ts, decisions/050).
        phoneVerified: { type: "boolean", required: false, defaultValue: false, input: false },
        // The language of the shopper's emails and messages (decisions/064), read with the session so
        // the pages need not write it again on every request; changed only by rememberLanguage.
        language: { type: "string", required: false, defaultValue: "en", input: false },
      },
      // A new address is verified before it replaces the old one (the link goes to the new address).
      changeEmail: { enabled: true },
    },
    // None of Better Auth's HTTP endpoints is reachable (server/http/auth-door.ts); these two stay
    // disabled as well, so even a mistaken allow-list cannot bypass /api/users's throttle.
    disabledPaths: ["/sign-in/email", "/sign-up/email"],
    // The shop's name rule holds for every write that goes through Better Auth, whatever the caller.
    databaseHooks: {
      user: {
        create: { before: async (user) => ({ data: { ...user, name: checkedName(user.name) } }) },
        update: {
          before: async (user) => (user.name === undefined ? undefined : { data: { ...user, name: checkedName(user.name) } }),
        },
      },
    },
    rateLimit: {
      enabled: config.env !== "test",
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: usesSecureCookies(config),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin({ defaultRole: "customer", adminRoles: ["admin"] }),
      bearer(),
      // Two-factor sign-in (decisions/051), reached only through server/modules/users/two-factor.ts.
      twoFactor({
        issuer: config.seller.name,
        // The sign-in challenge (the signed two_factor cookie the shop hands over as `challenge`) lasts 5 minutes.
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        // Secret and backup codes encrypted with the auth secret; never stored as sent.
        backupCodeOptions: { storeBackupCodes: "encrypted", customBackupCodesGenerate: newBackupCodes },
        // Wrong codes count in the shop's one limiter (limits.ts), which answers with the shop's 429.
        accountLockout: { enabled: false },
      }),
      codeSessions(),
    ],
    // Its lines go to the shop's JSON log (one line each), never to the console as coloured text.
    logger: {
      disabled: config.env === "test" || !log,
      log: (level, message) => log?.[level]({ component: "auth" }, message),
    },
  });
}

function checkedName(name: unknown): string {
  const parsed = z.safeParse(personName, name);
  if (!parsed.success) throw new APIError("BAD_REQUEST", { message: parsed.error.issues[0]?.message ?? "Name is invalid" });
  return parsed.data;
}

export type Auth = ReturnType<typeof createAuth>;


export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /**
   * A staff account signed in without two-factor where STAFF_TWO_FACTOR is `required`: it may
   * only set two-factor up; every other staff call is refused (decisions/051). Absent: false.
   */
  twoFactorSetupRequired?: boolean;
  /** The language the account's emails and messages are written in (decisions/064); absent: not read (it is written again). */
  language?: Language;
}
