import { afterAll, beforeAll, beforeEach } from "vitest";
import type { ShopContext } from "#server/context.ts";
import { outboundEmails } from "#server/db/schema.ts";
import { startFakeSmtp, type FakeSmtp } from "./fake-smtp.ts";
import { createTestShop, type TestShop } from "./test-shop.ts";

/**
 * For a test file about emails: a shop at `publicUrl` and a fake SMTP server for the whole
 * file, handed to `use` once started; each test starts with an empty outbox and nothing received.
 */
export function withEmailShop(publicUrl: string, use: (shop: TestShop, smtp: FakeSmtp) => void): void {
  let shop: TestShop | undefined;
  let smtp: FakeSmtp | undefined;
  beforeAll(async () => {
    shop = await createTestShop({ PUBLIC_URL: publicUrl });
    smtp = await startFakeSmtp();
    use(shop, smtp);
  });
  afterAll(async () => {
    await smtp?.close();
    await shop?.close();
  });
  beforeEach(async () => {
    await shop!.context.db.delete(outboundEmails);
    smtp!.received.length = 0;
  });
}

/** The same shop, configured with SMTP_URL pointing at the fake server. */
export const withSmtp = (shop: TestShop, smtp: FakeSmtp): ShopContext => ({
  ...shop.context,
  config: { ...shop.config, smtpUrl: smtp.url },
});
