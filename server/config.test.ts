import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRET = "a".repeat(16) + "b".repeat(16) + "c".repeat(32);

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("loadConfig accepted an invalid environment");
}

describe("loadConfig", () => {
  it("has working defaults for everything but the data directory", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: "development",
      isProduction: false,
      port: 3000,
      host: "0.0.0.0",
      dataDir,
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      admin: { email: undefined, password: undefined },
      seedDemo: true,
      paymentsTestMode: false,
      smtpUrl: undefined,
      trustProxy: false,
      rateLimitScale: 1,
      logLevel: "info",
      razorpay: { keyId: undefined, keySecret: undefined, webhookSecret: undefined, apiBase: "https://api.razorpay.com" },
      seller: { gstin: "29AABCH1234M1Z5", name: "Healthcare Pharma Private Limited" },
    });
    expect(config.authSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reads and normalises the variables it is given", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgresql://shop:pw@db:5432/shop",
      PUBLIC_URL: "https://shop.example.in/",
      BETTER_AUTH_SECRET: SECRET,
      ADMIN_EMAIL: " Admin@Example.COM ",
      ADMIN_PASSWORD: "long-enough",
      SEED_DEMO: "0",
      PAYMENTS_TEST_MODE: "true",
      RAZORPAY_API_BASE: "http://127.0.0.1:9999/",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      env: "test",
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgresql://shop:pw@db:5432/shop",
      publicUrl: "https://shop.example.in",
      authSecret: SECRET,
      admin: { email: "admin@example.com", password: "long-enough" },
      seedDemo: false,
      paymentsTestMode: true,
      razorpay: { apiBase: "http://127.0.0.1:9999" },
      logLevel: "warn",
    });
  });

  it("resolves a relative DATA_DIR to an absolute path", () => {
    const dir = tempDir();
    const relative = path.relative(process.cwd(), dir);
    expect(loadConfig({ DATA_DIR: relative, BETTER_AUTH_SECRET: SECRET }).dataDir).toBe(dir);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["DATABASE_URL", "mysql://root@localhost/shop"],
    ["DATABASE_URL", "not a url"],
    ["ADMIN_EMAIL", "not-an-email"],
    ["ADMIN_PASSWORD", "short"],
    ["PUBLIC_URL", "shop.example.in"],
    ["BETTER_AUTH_SECRET", "too-short"],
    ["NODE_ENV", "staging"],
    ["SEED_DEMO", "yes"],
    ["SMTP_URL", "http://mail.example.in"],
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "proxy.example.in"],
    ["RATE_LIMIT_SCALE", "0"],
    ["RATE_LIMIT_SCALE", "lots"],
  ])("stops on a bad %s (%j) with a message naming the variable", (name, value) => {
    const error = configError({ DATA_DIR: tempDir(), [name]: value });
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain(`${name}:`);
  });

  it.each([
    ["", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    [" 10.0.0.0/8, 192.168.1.7 ,fd00::/8,uniquelocal", ["10.0.0.0/8", "192.168.1.7", "fd00::/8", "uniquelocal"]],
  ])("reads TRUST_PROXY %j as Express's trust proxy %j", (value, expected) => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it("takes the footer's social profile only as an https URL, and shows none by default (nothing invented)", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).seller.socialUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir(), SELLER_SOCIAL_URL: " https://www.instagram.com/healthcarepharma " }).seller.socialUrl).toBe(
      "https://www.instagram.com/healthcarepharma",
    );
    for (const bad of ["javascript:alert(1)", "http://example.com/shop", "instagram"]) {
      expect(configError({ DATA_DIR: tempDir(), SELLER_SOCIAL_URL: bad }).message).toContain("SELLER_SOCIAL_URL: must be an https URL");
    }
  });

  it("takes the shop's WhatsApp chat number as its 10 digits (issue 30), none by default, and names a bad one", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).seller.whatsappChatNumber).toBeNull();
    for (const given of ["9845012345", "+91 98450 12345", "919845012345", "098450-12345", " 98450 12345 "]) {
      expect(loadConfig({ DATA_DIR: tempDir(), WHATSAPP_CHAT_NUMBER: given }).seller.whatsappChatNumber).toBe("9845012345");
    }
    for (const bad of ["98450", "+1 415 555 0100", "98450123456", "whatsapp"]) {
      expect(configError({ DATA_DIR: tempDir(), WHATSAPP_CHAT_NUMBER: bad }).message).toContain("WHATSAPP_CHAT_NUMBER: must be the shop's 10-digit WhatsApp number");
    }
  });

  it("takes the doctor consultation partner's address (CONSULT_URL) only as an https URL, none by default", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).consultUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir(), CONSULT_URL: " https://consult.example.in/start " }).consultUrl).toBe("https://consult.example.in/start");
    for (const bad of ["javascript:alert(1)", "http://consult.example.in", "doctor"]) {
      expect(configError({ DATA_DIR: tempDir(), CONSULT_URL: bad }).message).toContain("CONSULT_URL: must be an https URL");
    }
  });

  it("names every bad variable at once", () => {
    const error = configError({ DATA_DIR: tempDir(), PORT: "x", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "nope" });
    expect(error.message).toContain("PORT: must be a port number");
    expect(error.message).toContain("DATABASE_URL: must start with postgres://");
    expect(error.message).toContain("ADMIN_EMAIL: must be an email address");
  });

  it("refuses to start in production without BETTER_AUTH_SECRET, and writes no secret file", () => {
    const dataDir = tempDir();
    const error = configError({ NODE_ENV: "production", DATA_DIR: dataDir });
    expect(error.message).toContain("BETTER_AUTH_SECRET: required in production");
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  it("refuses a well-known default secret in production", () => {
    const error = configError({ NODE_ENV: "production", DATA_DIR: tempDir(), BETTER_AUTH_SECRET: "changeme" });
    expect(error.message).toContain("BETTER_AUTH_SECRET:");
  });

  it("starts in production with a real secret", () => {
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir(), BETTER_AUTH_SECRET: SECRET, PUBLIC_URL: "https://shop.example.in" });
    expect(config.isProduction).toBe(true);
    expect(config.authSecret).toBe(SECRET);
  });

  it("refuses to start in production without PUBLIC_URL (cookies would lose Secure, emails link to localhost)", () => {
    for (const PUBLIC_URL of [undefined, "", "  "]) {
      const error = configError({ NODE_ENV: "production", DATA_DIR: tempDir(), BETTER_AUTH_SECRET: SECRET, PUBLIC_URL });
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toContain("PUBLIC_URL: required in production");
    }
    // Development and tests keep the localhost default.
    expect(loadConfig({ NODE_ENV: "development", DATA_DIR: tempDir(), PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
  });

  it("requires the Razorpay key secret in production when a key id is set", () => {
    const error = configError({
      NODE_ENV: "production",
      DATA_DIR: tempDir(),
      BETTER_AUTH_SECRET: SECRET,
      PUBLIC_URL: "https://shop.example.in",
      RAZORPAY_KEY_ID: "rzp_live_123",
    });
    expect(error.message).toContain("RAZORPAY_KEY_SECRET:");
  });

  it("takes the four Shiprocket settings together or none of them (issue 31), with the API base defaulted", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).shiprocket).toBeNull();
    const full = {
      DATA_DIR: tempDir(),
      SHIPROCKET_EMAIL: "ship@example.in",
      SHIPROCKET_PASSWORD: "pw-123456",
      SHIPROCKET_PICKUP_LOCATION: "Primary",
      SHIPROCKET_WEBHOOK_TOKEN: "w".repeat(24),
    };
    expect(loadConfig(full).shiprocket).toEqual({
      email: "ship@example.in",
      password: "pw-123456",
      pickupLocation: "Primary",
      webhookToken: "w".repeat(24),
      apiBase: "https://apiv2.shiprocket.in",
    });
    expect(loadConfig({ ...full, SHIPROCKET_API_BASE: "http://127.0.0.1:9000/" }).shiprocket?.apiBase).toBe("http://127.0.0.1:9000");
    const half = configError({ DATA_DIR: tempDir(), SHIPROCKET_EMAIL: "ship@example.in", SHIPROCKET_PASSWORD: "pw-123456" });
    expect(half.message).toContain("SHIPROCKET_PICKUP_LOCATION: required when SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD are set (give all four Shiprocket settings or none)");
    expect(half.message).toContain("SHIPROCKET_WEBHOOK_TOKEN: required when");
    expect(configError({ ...full, SHIPROCKET_WEBHOOK_TOKEN: "short" }).message).toContain("SHIPROCKET_WEBHOOK_TOKEN: must be at least 16 characters");
    expect(configError({ ...full, SHIPROCKET_EMAIL: "not-an-email" }).message).toContain("SHIPROCKET_EMAIL: must be an email address");
    expect(configError({ ...full, SHIPROCKET_API_BASE: "apiv2" }).message).toContain("SHIPROCKET_API_BASE: must be a URL");
  });

  it("generates a development secret once, keeps it private in DATA_DIR and reuses it", () => {
    const dataDir = path.join(tempDir(), "not", "yet", "there");
    const first = loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir });
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir });
    expect(second.authSecret).toBe(first.authSecret);

    const elsewhere = loadConfig({ NODE_ENV: "development", DATA_DIR: tempDir() });
    expect(elsewhere.authSecret).not.toBe(first.authSecret);
  });

  it("prefers BETTER_AUTH_SECRET over a generated one", () => {
    const dataDir = tempDir();
    loadConfig({ DATA_DIR: dataDir });
    expect(loadConfig({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
  });
});

describe("worker processes (decisions/036)", () => {
  const pg = "postgres://shop@db.internal:5432/shop";
  it("default to one per core on PostgreSQL and one on the embedded database; SHUTDOWN_TIMEOUT_MS defaults to 8 s", async () => {
    const { availableParallelism } = await import("node:os");
    expect(loadConfig({ DATA_DIR: tempDir(), BETTER_AUTH_SECRET: SECRET }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), BETTER_AUTH_SECRET: SECRET, DATABASE_URL: pg }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ DATA_DIR: tempDir(), BETTER_AUTH_SECRET: SECRET, DATABASE_URL: pg, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(loadConfig({ DATA_DIR: tempDir(), BETTER_AUTH_SECRET: SECRET, WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), BETTER_AUTH_SECRET: SECRET }).shutdownTimeoutMs).toBe(8000);
  });

  it("refuse more than one on the embedded database, and numbers that are not whole", () => {
    expect(configError({ DATA_DIR: tempDir(), WEB_CONCURRENCY: "4" }).message).toContain(
      "WEB_CONCURRENCY: 4 worker processes need PostgreSQL (set DATABASE_URL)",
    );
    expect(configError({ DATA_DIR: tempDir(), DATABASE_URL: pg, WEB_CONCURRENCY: "0" }).message).toContain("WEB_CONCURRENCY");
    expect(configError({ DATA_DIR: tempDir(), DATABASE_URL: pg, WEB_CONCURRENCY: "two" }).message).toContain(
      "WEB_CONCURRENCY: must be a whole number of processes",
    );
    expect(configError({ DATA_DIR: tempDir(), SHUTDOWN_TIMEOUT_MS: "soon" }).message).toContain("SHUTDOWN_TIMEOUT_MS");
  });
});
