import { Link, data } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter-confirm";

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
  const [{ confirmSubscription }, { contentReply }] = await Promise.all([
    import("#server/modules/content/newsletter.ts"),
    import("#server/modules/content/replies.ts"),
  ]);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmSubscription(context.shop.db, token);
  const reply = contentReply(result);
  return data({ ok: result.ok, message: reply.message }, { status: reply.status, headers: { "Cache-Control": "private, no-store" } });
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
