import { Link, data } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { PageHero } from "~/components/ui/page-hero";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter-confirm";
import { confirmFromLink } from "./newsletter-confirm.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("pages.confirm.metaTitle"), t("pages.confirm.metaDescription")), NOINDEX];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The link in the newsletter's confirmation email (double opt-in) lands here; opening it confirms
 * the subscription. Never kept by the page cache: the answer depends on the database, not the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const reply = await confirmFromLink(context, request, token);
  return data(
    { ok: reply.status < 300, message: reply.message, messages: pageMessages(request, "pages") },
    { status: reply.status, headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <main id="main">
      <PageHero title={t("pages.newsletter.title")} intro={loaderData.message} />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <Link to={lp("/")} className="font-medium text-brand-800 underline">
          {t("pages.continueShopping")}
        </Link>
      </div>
    </main>
  );
}
