import type { Logger } from "pino";
import type { Database } from "../client.ts";

/**
 * What seeding needs from the shop (the shop context fits it): the database, the log, a few
 * settings and Better Auth's sign-up, so the seed does not import the layers above the database.
 */
export interface SeedShop {
  db: Database;
  logger: Pick<Logger, "info" | "warn">;
  config: {
    env: "development" | "production" | "test";
    isProduction: boolean;
    dataDir: string;
    publicUrl: string;
    admin: { email: string | undefined; password: string | undefined };
    seedDemo: boolean;
  };
  auth: {
    api: {
      signUpEmail(request: { body: { name: string; email: string; password: string } }): Promise<{ user: { id: string } }>;
    };
  };
}
