// Coupon helpers shared by the coupon specs.
import { expect, sentEmails } from "./fixtures";

/** The welcome code in the confirmation email sent to `email`: the only place the shop gives it (issue 26). */
export async function emailedWelcomeCode(email: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        for (const text of await sentEmails()) {
          const match = /WELCOME-[A-Z2-9]{8}/.exec(text);
          if (match && text.includes(email)) code = match[0];
        }
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return code;
}
