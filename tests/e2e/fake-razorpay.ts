// The end-to-end suite's Razorpay API: the same fake the API tests use (tests/support/fake-razorpay.ts),
// run as a Playwright web server on a fixed port with the keys the Razorpay shop is started with
// (playwright.config.ts). Run with `tsx tests/e2e/fake-razorpay.ts`.
import { startFakeRazorpay } from "../support/fake-razorpay.ts";

const port = Number(process.env.FAKE_RAZORPAY_PORT);
const keyId = process.env.FAKE_RAZORPAY_KEY_ID;
const keySecret = process.env.FAKE_RAZORPAY_KEY_SECRET;
if (!port || !keyId || !keySecret) {
  console.error("FAKE_RAZORPAY_PORT, FAKE_RAZORPAY_KEY_ID and FAKE_RAZORPAY_KEY_SECRET are required");
  process.exit(1);
}

const fake = await startFakeRazorpay({ keyId, keySecret, port });
console.log(`fake Razorpay listening on ${fake.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
