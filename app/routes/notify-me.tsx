import { data, Link, useRouteLoaderData } from "react-router";
import { localizeAnswer } from "~/components/product/action-messages.server";
import { NotifyMe, type NotifyMeResult } from "~/components/product/notify-me";
import { PageHero } from "~/components/ui/page-hero";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/notify-me";
import { notifyMeFromForm } from "./notify-me.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("product.notify.title"), t("product.notify.description"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "product") };
}

/** The product page's form posts here: through a fetcher with JavaScript, as a plain form post without it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const reply = await notifyMeFromForm(context, params.productId, await request.formData());
  const answer = localizeAnswer({ ok: reply.status < 300, message: reply.message, errors: reply.errors ?? {} }, requestLanguage(request), "product.notify.failed");
  return data<NotifyMeResult>(answer, { status: reply.status, headers: reply.headers });
}

/** Seen without JavaScript (or opened directly): the answer, else the form, and the way back. */
export default function NotifyMePage({ actionData, params }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const t = useT();
  const lp = useLocalePath();
  return (
    <main id="main">
      <PageHero title={t("product.notify.title")} intro={actionData?.ok ? actionData.message : undefined} />
      <div className="mx-auto max-w-xl space-y-6 px-4 pb-12 sm:px-6">
        {actionData?.ok ? null : <NotifyMe productId={params.productId} accountEmail={root?.user?.hasEmail === true} result={actionData} />}
        <Link to={lp(`/product/${encodeURIComponent(params.productId)}`)} className="font-medium text-brand-800 underline">
          {t("product.notify.back")}
        </Link>
      </div>
    </main>
  );
}
