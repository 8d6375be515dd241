import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer } from "better-auth/plugins";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import * as schema from "./db/schema.ts";

export const ROLES = ["customer", "admin"] as const;
export type Role = (typeof ROLES)[number];

export function createAuth(config: Config, db: Database) {
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
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128, autoSignIn: true },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    user: {
      additionalFields: {
        // The role is never taken from a sign-up body; only admins change it.
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    // Sign-in and sign-up go through /api/users (its own throttle per email and address, the
    // contract's messages); Better Auth's own HTTP endpoints for them would bypass both.
    disabledPaths: ["/sign-in/email", "/sign-up/email"],
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
      useSecureCookies: config.isProduction && config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    plugins: [admin({ defaultRole: "customer", adminRoles: ["admin"] }), bearer()],
    logger: { disabled: config.env === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}
