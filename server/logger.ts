import pino from "pino";
import pretty from "pino-pretty";
import type { Config } from "./config.ts";

/**
 * The shop's logger: one JSON object a line for log collectors, or readable lines (pino-pretty,
 * written in this thread) when a person watches a terminal — `LOG_FORMAT` decides, by default
 * readable exactly when stdout is a TTY, so a pipe or a file always gets JSON.
 */
export function createLogger(config: Pick<Config, "logLevel" | "logFormat" | "env">) {
  const options: pino.LoggerOptions = {
    level: config.env === "test" && config.logLevel === "info" ? "silent" : config.logLevel,
    base: { service: "shop" },
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']", "*.password"], remove: true },
  };
  const format = config.logFormat ?? (process.stdout.isTTY ? "pretty" : "json");
  return format === "pretty" ? pino(options, pretty({ ignore: "service,hostname", translateTime: "SYS:HH:MM:ss.l" })) : pino(options);
}
