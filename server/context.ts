import type { Logger } from "pino";
import type { Auth, SessionUser } from "./auth.ts";
import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";

/** Everything a request handler or loader needs, built once per process. */
export interface ShopContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  logger: Logger;
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
