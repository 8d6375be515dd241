import type { Logger } from "pino";
import type { Auth, SessionUser } from "./auth.ts";
import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";
import { gatewayFor } from "./modules/payments/configured-gateway.ts";
import type { PaymentGateway } from "./modules/payments/gateway.ts";

/** Everything a request handler or loader needs, built once per process. */
export interface ShopContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  logger: Logger;
  /**
   * The payment gateway chosen from the configuration once (Razorpay, the offline test gateway,
   * or null: payments are not configured). Links in emails use `config.publicUrl`; neither is
   * read from `process.env` anywhere else.
   */
  gateway: PaymentGateway | null;
}

/** Builds the shop context from its parts; the gateway follows from the configuration. */
export function createShopContext(parts: Omit<ShopContext, "db" | "gateway">): ShopContext {
  return { ...parts, db: parts.database.db, gateway: gatewayFor(parts.config) };
}

/** What React Router loaders and actions receive as `context`. */
export interface RequestContext {
  shop: ShopContext;
  requestId: string;
  cspNonce: string;
  user: SessionUser | null;
  /** The visitor's address as Express resolved it (only local proxies are trusted); sign-in throttling keys on it. */
  clientIp: string;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
