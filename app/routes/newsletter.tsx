import { Link, data } from "react-router";
import { subscribeSchema } from "#common/schemas/content.ts";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () =>
  pageMeta("Newsletter", "Subscribe to our newsletter for health tips, new launches and 10% off your first order.");

/**
 * The footer's newsletter form posts here when JavaScript is off; with it, the form uses POST
 * /api/subscribe. Both call the same module function and answer from its one reply table.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const [{ subscribeToNewsletter }, { contentReply }] = await Promise.all([
    import("#server/modules/content/newsletter.ts"),
    import("#server/modules/content/replies.ts"),
  ]);
  const parsed = subscribeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
  const reply = contentReply(await subscribeToNewsletter(context.shop, parsed.data.email, context.clientIp));
  return data({ ok: reply.status < 300, message: reply.message }, { status: reply.status, headers: reply.headers });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHero
        title="Newsletter"
        intro={
          actionData?.message ??
          "Subscribe with the form at the foot of any page for health tips, new launches and 10% off your first order."
        }
      />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <Link to="/" className="font-medium text-brand-800 underline">
          Continue shopping
        </Link>
      </div>
    </main>
  );
}
