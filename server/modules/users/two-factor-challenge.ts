import type { Auth } from "#server/auth.ts";

/**
 * The challenge of a password sign-in that needs a code: Better Auth's sign-in hook answered
 * `twoFactorRedirect` and set its signed `two_factor` cookie (its own session already revoked);
 * the cookie's value is the challenge the shop answers in the body. Null when the answer is not one.
 */
export async function challengeFrom(auth: Auth, response: Response, body: unknown): Promise<string | null> {
  if ((body as { twoFactorRedirect?: unknown } | null)?.twoFactorRedirect !== true) return null;
  const name = await challengeCookieName(auth);
  for (const line of response.headers.getSetCookie()) {
    if (line.startsWith(`${name}=`)) return decodeURIComponent(line.slice(name.length + 1).split(";")[0] ?? "") || null;
  }
  return null;
}

/** The name of Better Auth's signed two-factor cookie (with its `__Secure-` prefix where cookies are secure). */
export async function challengeCookieName(auth: Auth): Promise<string> {
  return (await auth.$context).createAuthCookie("two_factor").name;
}
