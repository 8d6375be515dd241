import { Form, Link, data } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { PageHero } from "~/components/ui/page-hero";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/unsubscribe";
import { unsubscribeFromLink } from "./unsubscribe.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("pages.unsubscribe.metaTitle"), t("pages.unsubscribe.metaDescription")), NOINDEX];
};

/**
 * The unsubscribe link of every marketing email lands here. Opening it only asks (mail scanners
 * open links too); the button unsubscribes, with the token from the link, no sign-in needed.
 * A mail provider's one-click unsubscribe (RFC 8058: the email's List-Unsubscribe-Post header)
 * POSTs `List-Unsubscribe=One-Click` to the link itself: the token is then the link's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return data(
    { token: new URL(request.url).searchParams.get("token") ?? "", messages: pageMessages(request, "pages") },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = form.get("token") ?? new URL(request.url).searchParams.get("token");
  const reply = await unsubscribeFromLink(context, request, typeof token === "string" ? token : "");
  return data({ ok: reply.status < 300, message: reply.message }, { status: reply.status });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <main id="main">
      <PageHero title={t("pages.unsubscribe.title")} intro={actionData?.message ?? t("pages.unsubscribe.ask")} />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        {actionData ? null : (
          <Form method="post" className="mb-6">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              {t("pages.unsubscribe.button")}
            </button>
          </Form>
        )}
        <Link to={lp("/")} className="font-medium text-brand-800 underline">
          {t("pages.continueShopping")}
        </Link>
      </div>
    </main>
  );
}
