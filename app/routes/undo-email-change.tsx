import { Form, Link, data, useNavigation } from "react-router";
import { ACCOUNT_MESSAGES, TOKEN_MAX } from "#common/account.ts";
import { AuthCard, NOINDEX, SUBMIT_CLASS } from "~/components/auth/auth-card";
import { formText } from "~/lib/form-text";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { useReplyText } from "~/lib/api-sentences";
import { accountPageTexts } from "~/lib/api-sentences.server";
import type { Route } from "./+types/undo-email-change";
import { undoFromPage } from "./undo-email-change.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("auth.undo.title"), t("auth.undo.metaDescription")), NOINDEX];
};

/** The link's token is personal: the page is never kept by a cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/**
 * The link in the "email address changed" notice lands here (`?token=`). Opening it changes
 * nothing (a mail scanner's visit is harmless); the button sends the token (decisions/042).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token: token.slice(0, TOKEN_MAX), ...accountPageTexts(request, "auth") }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { token } = formText(await request.formData(), ["token"]);
  const reply = token === "" || token.length > TOKEN_MAX ? null : await undoFromPage(context, token);
  const ok = reply !== null && reply.status < 300;
  const message = reply?.message ?? ACCOUNT_MESSAGES.verifyLinkInvalid;
  return data({ ok, message }, { status: reply?.status ?? 400, headers: PRIVATE });
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const t = useT();
  const lp = useLocalePath();
  const text = useReplyText();
  const footer = (
    <Link to={lp("/login")} className="font-semibold text-brand-800 underline underline-offset-2">
      {t("auth.backToLogin")}
    </Link>
  );

  if (actionData?.ok) {
    return (
      <AuthCard title={t("auth.undo.done")} intro={text(actionData.message)} footer={footer}>
        <p role="status" className="text-gray-800">
          {t("auth.undo.doneHelp")}
        </p>
      </AuthCard>
    );
  }

  if (token === "" || actionData) {
    return (
      <AuthCard title={t("auth.undo.title")} intro={text(actionData?.message ?? ACCOUNT_MESSAGES.verifyLinkInvalid)} footer={footer}>
        <p role="alert" className="text-gray-800">
          {t("auth.undo.once")}{" "}
          <Link to={lp("/contact")} className="font-semibold text-brand-800 underline underline-offset-2">
            {t("auth.undo.contact")}
          </Link>{" "}
          {t("auth.undo.takenOver")}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.undo.title")}
      intro={t("auth.undo.intro")}
      footer={footer}
    >
      <ul className="mb-6 list-disc space-y-2 pl-5 text-gray-800">
        <li>{t("auth.undo.point1")}</li>
        <li>{t("auth.undo.point2")}</li>
        <li>{t("auth.undo.point3")}</li>
      </ul>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" disabled={submitting} className={SUBMIT_CLASS}>
          {submitting ? t("auth.undo.submitting") : t("auth.undo.title")}
        </button>
      </Form>
    </AuthCard>
  );
}
