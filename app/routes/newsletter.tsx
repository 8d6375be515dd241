import { Link, data } from "react-router";
import { WELCOME_INCLUDES_RX, WELCOME_PERCENT } from "#common/content.ts";
import { PageHero } from "~/components/ui/page-hero";
import { useWelcomeOffer, WelcomeNote } from "~/components/layout/newsletter-form";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter";
import { subscribeFromForm } from "./newsletter.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  // The welcome offer as common/content.ts WELCOME_OFFER words it, in the page's language (frame catalogue).
  const offer = t(WELCOME_INCLUDES_RX ? "frame.welcomeOffer" : "frame.welcomeOfferNoRx", { percent: WELCOME_PERCENT });
  return pageMeta(t("pages.newsletter.metaTitle"), t("pages.newsletter.metaDescription", { offer }));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "pages") };
}

/**
 * The footer's newsletter form posts here, through a fetcher with JavaScript and as a plain form
 * post without it; POST /api/subscribe stays for other clients. All call the same module
 * function and answer from its one reply table (in the page's language here).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = await subscribeFromForm(context, request, await request.formData());
  return data({ ok: reply.status < 300, message: reply.message }, { status: reply.status, headers: reply.headers });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  const offer = useWelcomeOffer();
  return (
    <main id="main">
      <PageHero title={t("pages.newsletter.title")} intro={actionData?.message ?? t("pages.newsletter.intro", { offer })} />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        {actionData?.ok ? <WelcomeNote className="mb-6 text-gray-900" /> : null}
        <Link to={lp("/")} className="font-medium text-brand-800 underline">
          {t("pages.continueShopping")}
        </Link>
      </div>
    </main>
  );
}
