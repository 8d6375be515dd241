import { data, Link, useRouteLoaderData } from "react-router";
import { NotifyMe, type NotifyMeResult } from "~/components/product/notify-me";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/notify-me";
import { notifyMeFromForm } from "./notify-me.server";

export const meta: Route.MetaFunction = () => pageMeta("Notify me when back in stock", "We email you once when the product is back in stock.");

/** The product page's form posts here: through a fetcher with JavaScript, as a plain form post without it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const reply = await notifyMeFromForm(context, params.productId, await request.formData());
  return data<NotifyMeResult>({ ok: reply.status < 300, message: reply.message, errors: reply.errors ?? {} }, { status: reply.status, headers: reply.headers });
}

/** Seen without JavaScript (or opened directly): the answer, else the form, and the way back. */
export default function NotifyMePage({ actionData, params }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main id="main">
      <PageHero title="Notify me when back in stock" intro={actionData?.ok ? actionData.message : undefined} />
      <div className="mx-auto max-w-xl space-y-6 px-4 pb-12 sm:px-6">
        {actionData?.ok ? null : <NotifyMe productId={params.productId} accountEmail={root?.user?.hasEmail === true} result={actionData} />}
        <Link to={`/product/${encodeURIComponent(params.productId)}`} className="font-medium text-brand-800 underline">
          Back to the product
        </Link>
      </div>
    </main>
  );
}
