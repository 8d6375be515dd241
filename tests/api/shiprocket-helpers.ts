// A shop pointed at a fake Shiprocket (issue 31), for the shipment and webhook tests.
import { FAKE_PICKUP, type FakeShiprocket } from "../support/fake-shiprocket.ts";

export const WEBHOOK_TOKEN = "webhook-token-0123456789abcdef";

/** The four settings and the API base, aimed at the fake. */
export function shiprocketEnv(fake: FakeShiprocket) {
  return {
    SHIPROCKET_EMAIL: fake.email,
    SHIPROCKET_PASSWORD: fake.password,
    SHIPROCKET_PICKUP_LOCATION: FAKE_PICKUP.location,
    SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    SHIPROCKET_API_BASE: fake.url,
  };
}
