// The register page's server side: the same use case and reply table as POST /api/users/register.
import type { AppLoadContext } from "react-router";
import type { RegisterInput } from "#common/auth.ts";
import { registerCustomer } from "#server/modules/users/accounts.ts";
import { accountReply } from "#server/modules/users/replies.ts";
import { pageClient, signedInHeaders, type PageSignedIn } from "./login.server";

/**
 * Creates the account and signs it in. `redirecting`: a plain form post, answered with a redirect
 * that carries the "Registration successful!" toast; the page with JavaScript shows the toast itself.
 */
export async function registerFromPage(
  request: Request,
  context: AppLoadContext,
  input: RegisterInput,
  redirecting: boolean,
): Promise<PageSignedIn> {
  const result = await registerCustomer(context.shop, input, pageClient(request, context));
  const reply = accountReply(result, "register");
  if (!result.ok) return { ok: false, reply };
  return { ok: true, reply, headers: await signedInHeaders(request, context, result, redirecting ? "register" : undefined) };
}
