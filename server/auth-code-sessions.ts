import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod/mini";

/**
 * The shop's one addition to Better Auth (decisions/050): a session for an account the shop has
 * already identified by a right one-time code (server/modules/users/phone-sign-in.ts). It has no
 * path, so no HTTP request reaches it (decisions/011); it opens the session and sets the cookie
 * exactly as the email sign-in does (`setSessionCookie`), and the admin plugin's ban check runs on
 * it as on every new session.
 */
export function codeSessions() {
  return {
    id: "shop-code-sessions",
    endpoints: {
      openSessionForVerifiedPhone: createAuthEndpoint(
        { method: "POST", body: z.object({ userId: z.string() }), metadata: { scope: "server" } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("NOT_FOUND", { message: "No such account" });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "No session was made" });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ token: session.token, user });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
