// The root loader's server side: the one-time toast an action's redirect left in its cookie.
import type { Flash } from "#common/flash.ts";
import type { SessionUser } from "#server/auth.ts";
import type { Config } from "#server/config.ts";
import { isPlaceholderEmail } from "#server/db/no-email.ts";
import { clearFlashCookie, readFlash } from "#server/http/flash.ts";
import { dispatchConfig, type SettingsShop } from "#server/modules/settings/settings.ts";

/** The dispatch cut-off in force (the admin's setting, else SHOP_DISPATCH_CUTOFF) for the delivery promise. */
export async function dispatchCutoff(shop: SettingsShop): Promise<string> {
  return (await dispatchConfig(shop)).dispatchCutoff;
}

/** The toast to show once (null for none or a forged cookie) and the Set-Cookie header that clears it. */
export function takeFlash(request: Request, config: Config): { flash: Flash | null; clearCookie: string } {
  return { flash: readFlash(request.headers.get("cookie")), clearCookie: clearFlashCookie(config) };
}

/** What every page knows of the signed-in shopper: name, role, and whether the account has an email (an account made by phone may not, decisions/050). */
export function pageUser(user: Pick<SessionUser, "name" | "role" | "email"> | null) {
  return user ? { name: user.name, role: user.role, hasEmail: !isPlaceholderEmail(user.email) } : null;
}
