import { defineConfig } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

// The suite drives the Debian Chromium package (`apt-get install chromium`); Playwright's own
// browser downloads are never used. `npm test` builds the shop before Playwright starts it.
const port = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://127.0.0.1:${port}`;

// Workers load this file again; they inherit the main process's environment, so the data
// directory is created once, by the process that starts the server, and removed when it exits.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}

export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-Passw0rd!" };
/** The main shop's "Chat on WhatsApp" number (issue 30); the Razorpay shop has none, so it shows no link. */
export const E2E_WHATSAPP_CHAT_NUMBER = "9845011111";

// A second shop configured for Razorpay, whose API calls go to a fake Razorpay on 127.0.0.1
// (tests/e2e/fake-razorpay.ts); the browser side (checkout.js) is route-intercepted in the specs.
// Ports follow E2E_PORT so parallel runs with different ports do not collide; E2E_RAZORPAY=0 leaves
// both servers out (the Razorpay specs then skip).
const razorpayShopPort = Number(process.env.E2E_RAZORPAY_PORT || port + 10);
const fakeRazorpayPort = Number(process.env.E2E_FAKE_RAZORPAY_PORT || port + 20);
export const E2E_RAZORPAY = {
  enabled: process.env.E2E_RAZORPAY !== "0",
  baseURL: `http://127.0.0.1:${razorpayShopPort}`,
  keyId: "rzp_test_e2e",
  keySecret: "e2e-razorpay-key-secret",
};
// The Razorpay shop also ships through Shiprocket (issue 31): its API calls go to a fake Shiprocket
// (tests/e2e/fake-shiprocket.ts); the main shop keeps the hand-typed courier and AWB.
const fakeShiprocketPort = Number(process.env.E2E_FAKE_SHIPROCKET_PORT || port + 30);
export const E2E_SHIPROCKET = {
  email: "shipping@e2e.test",
  password: "e2e-shiprocket-password",
  webhookToken: "e2e-shiprocket-webhook-token",
  controlURL: `http://127.0.0.1:${fakeShiprocketPort}`,
};
if (E2E_RAZORPAY.enabled && !process.env.E2E_RAZORPAY_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-razorpay-"));
  process.env.E2E_RAZORPAY_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  },
};

const desktop = { ...chromium, viewport: { width: 1280, height: 800 } };
// Pixel 7's metrics, still on Chromium (the device preset is what the phone reports).
const mobile = {
  ...chromium,
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
};
const CATALOGUE_CHANGING = /admin[^/]*\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
    // Recording a trace of every test costs CPU on a 2-core runner (screenshots and DOM snapshots at
    // each step): CI records the retry of a failed test; a local run keeps the traces of failures.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
  },
  // Specs that add or remove published products run last (the "-admin" projects), after every
  // spec that counts the demo catalogue has run at both widths; they share one shop.
  projects: [
    { name: "desktop", testIgnore: CATALOGUE_CHANGING, use: desktop },
    { name: "mobile", testIgnore: CATALOGUE_CHANGING, use: mobile },
    { name: "desktop-admin", testMatch: CATALOGUE_CHANGING, dependencies: ["desktop", "mobile"], use: desktop },
    { name: "mobile-admin", testMatch: CATALOGUE_CHANGING, dependencies: ["desktop", "mobile"], use: mobile },
  ],
  webServer: [
    {
      command: "node server.mjs",
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR!,
        // Development configuration (no production secrets needed); server.mjs still runs React
        // and Express in production mode. The embedded database, never an outside PostgreSQL.
        NODE_ENV: "development",
        DATABASE_URL: "",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: "warn",
        // Every spec comes from 127.0.0.1: the rate limits are tested by tests/api/rate-limits.test.ts.
        RATE_LIMIT_SCALE: "1000",
        // The suite's admin signs in with a password; STAFF_TWO_FACTOR=required is tested in tests/api/two-factor.test.ts.
        STAFF_TWO_FACTOR: "optional",
        WHATSAPP_CHAT_NUMBER: `+91 ${E2E_WHATSAPP_CHAT_NUMBER}`,
      },
    },
    ...(E2E_RAZORPAY.enabled
      ? [
          {
            command: "npx tsx tests/e2e/fake-razorpay.ts",
            port: fakeRazorpayPort,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
            env: {
              FAKE_RAZORPAY_PORT: String(fakeRazorpayPort),
              FAKE_RAZORPAY_KEY_ID: E2E_RAZORPAY.keyId,
              FAKE_RAZORPAY_KEY_SECRET: E2E_RAZORPAY.keySecret,
            },
          },
          {
            command: "npx tsx tests/e2e/fake-shiprocket.ts",
            port: fakeShiprocketPort,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
            env: {
              FAKE_SHIPROCKET_PORT: String(fakeShiprocketPort),
              FAKE_SHIPROCKET_EMAIL: E2E_SHIPROCKET.email,
              FAKE_SHIPROCKET_PASSWORD: E2E_SHIPROCKET.password,
            },
          },
          {
            command: "node server.mjs",
            url: `${E2E_RAZORPAY.baseURL}/readyz`,
            reuseExistingServer: false,
            timeout: 180_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
            env: {
              PORT: String(razorpayShopPort),
              HOST: "127.0.0.1",
              PUBLIC_URL: E2E_RAZORPAY.baseURL,
              DATA_DIR: process.env.E2E_RAZORPAY_DATA_DIR!,
              NODE_ENV: "development",
              DATABASE_URL: "",
              ADMIN_EMAIL: E2E_ADMIN.email,
              ADMIN_PASSWORD: E2E_ADMIN.password,
              LOG_LEVEL: "warn",
              RATE_LIMIT_SCALE: "1000",
              STAFF_TWO_FACTOR: "optional",
              RAZORPAY_KEY_ID: E2E_RAZORPAY.keyId,
              RAZORPAY_KEY_SECRET: E2E_RAZORPAY.keySecret,
              RAZORPAY_API_BASE: `http://127.0.0.1:${fakeRazorpayPort}`,
              SHIPROCKET_EMAIL: E2E_SHIPROCKET.email,
              SHIPROCKET_PASSWORD: E2E_SHIPROCKET.password,
              SHIPROCKET_PICKUP_LOCATION: "Bengaluru warehouse", // one of the fake's pickup addresses (FAKE_PICKUP)
              SHIPROCKET_WEBHOOK_TOKEN: E2E_SHIPROCKET.webhookToken,
              SHIPROCKET_API_BASE: `http://127.0.0.1:${fakeShiprocketPort}`,
            },
          },
        ]
      : []),
  ],
});
