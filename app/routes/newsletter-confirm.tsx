import { Link, data } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter-confirm";
import { confirmFromLink } from "./newsletter-confirm.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Confirm your subscription", "Confirm your subscription to our newsletter."),
  NOINDEX,
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The link in the newsletter's confirmation email (double opt-in) lands here; opening it confirms
 * the subscription. Never kept by the page cache: the answer depends on the database, not the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const reply = await confirmFromLink(context, token);
  return data({ ok: reply.status < 300, message: reply.message }, { status: reply.status, headers: { "Cache-Control": "private, no-store" } });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHero title="Newsletter" intro={loaderData.message} />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <Link to="/" className="font-medium text-brand-800 underline">
          Continue shopping
        </Link>
      </div>
    </main>
  );
}
