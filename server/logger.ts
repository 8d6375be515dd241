import pino from "pino";
import type { Config } from "./config.ts";

export function createLogger(config: Pick<Config, "logLevel" | "env">) {
  return pino({
    level: config.env === "test" && config.logLevel === "info" ? "silent" : config.logLevel,
    base: { service: "shop" },
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']", "*.password"], remove: true },
  });
}
