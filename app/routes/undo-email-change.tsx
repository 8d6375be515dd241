import { Form, Link, data, useNavigation } from "react-router";
import { ACCOUNT_MESSAGES, TOKEN_MAX } from "#common/account.ts";
import { AuthCard, NOINDEX, SUBMIT_CLASS } from "~/components/auth/auth-card";
import { formText } from "~/lib/form-text";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/undo-email-change";
import { undoFromPage } from "./undo-email-change.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Undo the email change", "Give your account its old email address back."), NOINDEX];

/** The link's token is personal: the page is never kept by a cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/**
 * The link in the "email address changed" notice lands here (`?token=`). Opening it changes
 * nothing (a mail scanner's visit is harmless); the button sends the token (decisions/042).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token: token.slice(0, TOKEN_MAX) }, { headers: PRIVATE });
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
  const footer = (
    <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-2">
      Back to login
    </Link>
  );

  if (actionData?.ok) {
    return (
      <AuthCard title="Email change undone" intro={actionData.message} footer={footer}>
        <p role="status" className="text-gray-800">
          Open the newest email from us in your inbox and follow its link to choose a new password; then you can sign in again.
        </p>
      </AuthCard>
    );
  }

  if (token === "" || actionData) {
    return (
      <AuthCard title="Undo the email change" intro={actionData?.message ?? ACCOUNT_MESSAGES.verifyLinkInvalid} footer={footer}>
        <p role="alert" className="text-gray-800">
          An undo link works once.{" "}
          <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-2">
            Contact us
          </Link>{" "}
          if someone else has taken over your account.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Undo the email change"
      intro="Give your account its old email address back if you did not make this change."
      footer={footer}
    >
      <ul className="mb-6 list-disc space-y-2 pl-5 text-gray-800">
        <li>Your account gets back the address this link was sent to.</li>
        <li>Every device signed in to your account is signed out.</li>
        <li>The current password stops working: we email you a link to choose a new one.</li>
      </ul>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" disabled={submitting} className={SUBMIT_CLASS}>
          {submitting ? "Undoing..." : "Undo the email change"}
        </button>
      </Form>
    </AuthCard>
  );
}
