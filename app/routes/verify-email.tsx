import { Link, data } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { PageHero } from "~/components/ui/page-hero";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { useReplyText } from "~/lib/api-sentences";
import { accountPageTexts } from "~/lib/api-sentences.server";
import type { Route } from "./+types/verify-email";
import { verifyFromLink } from "./verify-email.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("auth.verify.title"), t("auth.verify.metaDescription")), NOINDEX];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The link in a verification email lands here; opening it verifies the address (or, for an email
 * change, moves the account to the new one). It signs no one in. Never kept by the page cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const reply = await verifyFromLink(request, context, token.slice(0, 4096));
  return data(
    { ok: reply.status < 300, message: reply.message, signedIn: context.user !== null, ...accountPageTexts(request, "auth") },
    { status: reply.status, headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { ok, message, signedIn } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const text = useReplyText();
  return (
    <main id="main">
      <PageHero title={t("auth.verify.title")} intro={text(message)} />
      <div className="mx-auto flex max-w-5xl flex-wrap gap-x-6 gap-y-2 px-4 pb-12 sm:px-6">
        <Link to={signedIn ? lp("/profile") : `${lp("/login")}?redirect=${lp("/profile")}`} className="font-medium text-brand-800 underline">
          {signedIn ? t("auth.verify.profile") : t("auth.login.title")}
        </Link>
        {ok ? null : <span className="text-gray-800">{t("auth.verify.newLink")}</span>}
        <Link to={lp("/")} className="font-medium text-brand-800 underline">
          {t("auth.verify.continue")}
        </Link>
      </div>
    </main>
  );
}
