import { Link, data } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/verify-email";
import { verifyFromLink } from "./verify-email.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Verify your email", "Confirm the email address of your account."), NOINDEX];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The link in a verification email lands here; opening it verifies the address (or, for an email
 * change, moves the account to the new one). It signs no one in. Never kept by the page cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const reply = await verifyFromLink(request, context, token.slice(0, 4096));
  return data(
    { ok: reply.status < 300, message: reply.message, signedIn: context.user !== null },
    { status: reply.status, headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { ok, message, signedIn } = loaderData;
  return (
    <main id="main">
      <PageHero title="Verify your email" intro={message} />
      <div className="mx-auto flex max-w-5xl flex-wrap gap-x-6 gap-y-2 px-4 pb-12 sm:px-6">
        <Link to={signedIn ? "/profile" : "/login?redirect=/profile"} className="font-medium text-brand-800 underline">
          {signedIn ? "Go to my profile" : "Login"}
        </Link>
        {ok ? null : <span className="text-gray-800">You can ask for a new link on your profile.</span>}
        <Link to="/" className="font-medium text-brand-800 underline">
          Continue shopping
        </Link>
      </div>
    </main>
  );
}
