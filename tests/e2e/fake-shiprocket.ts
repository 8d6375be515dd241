// The end-to-end suite's Shiprocket API (issue 31): the same fake the API tests use
// (tests/support/fake-shiprocket.ts), run as a Playwright web server on a fixed port with the account
// the Razorpay shop is started with (playwright.config.ts). POST /__fake/refuse { path, message }
// makes the next call to that path refuse. Run with `tsx tests/e2e/fake-shiprocket.ts`.
import { startFakeShiprocket } from "../support/fake-shiprocket.ts";

const port = Number(process.env.FAKE_SHIPROCKET_PORT);
const email = process.env.FAKE_SHIPROCKET_EMAIL;
const password = process.env.FAKE_SHIPROCKET_PASSWORD;
if (!port || !email || !password) {
  console.error("FAKE_SHIPROCKET_PORT, FAKE_SHIPROCKET_EMAIL and FAKE_SHIPROCKET_PASSWORD are required");
  process.exit(1);
}

const fake = await startFakeShiprocket({ email, password, port, control: true });
console.log(`fake Shiprocket listening on ${fake.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
