import { Link, data } from "react-router";
import { WELCOME_OFFER } from "#common/content.ts";
import { PageHero } from "~/components/ui/page-hero";
import { WelcomeNote } from "~/components/layout/newsletter-form";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter";
import { subscribeFromForm } from "./newsletter.server";

export const meta: Route.MetaFunction = () =>
  pageMeta("Newsletter", `Subscribe to our newsletter for health tips, new launches and ${WELCOME_OFFER}.`);

/**
 * The footer's newsletter form posts here, through a fetcher with JavaScript and as a plain form
 * post without it; POST /api/subscribe stays for other clients. All call the same module
 * function and answer from its one reply table.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = await subscribeFromForm(context, await request.formData());
  return data({ ok: reply.status < 300, message: reply.message }, { status: reply.status, headers: reply.headers });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHero
        title="Newsletter"
        intro={
          actionData?.message ??
          `Subscribe with the form at the foot of any page for health tips, new launches and ${WELCOME_OFFER}.`
        }
      />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        {actionData?.ok ? <WelcomeNote className="mb-6 text-gray-900" /> : null}
        <Link to="/" className="font-medium text-brand-800 underline">
          Continue shopping
        </Link>
      </div>
    </main>
  );
}
