import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { ACCOUNT_MESSAGES, checkResetPasswordForm } from "#common/account.ts";
import { AuthCard, NOINDEX, SUBMIT_CLASS, focusFirstInvalid } from "~/components/auth/auth-card";
import { Field } from "~/components/ui/field";
import { formText } from "~/lib/form-text";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { useReplyErrors, useReplyText } from "~/lib/api-sentences";
import { accountPageTexts } from "~/lib/api-sentences.server";
import type { Route } from "./+types/reset-password";
import { resetFromPage } from "./reset-password.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("auth.reset.title"), t("auth.reset.metaDescription")), NOINDEX];
};

/** The link's token is personal: the page is never kept by a cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** The emailed link lands here (`?token=`); the token is checked when the new password is sent. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token, ...accountPageTexts(request, "auth") }, { headers: PRIVATE });
}

interface ResetResult {
  ok: boolean;
  message: string | null;
  errors: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formText(await request.formData(), ["token", "password", "confirmPassword"]);
  const parsed = checkResetPasswordForm(values);
  if (!parsed.ok) {
    const message = parsed.errors.token ?? null;
    return data<ResetResult>({ ok: false, message, errors: parsed.errors }, { status: 400, headers: PRIVATE });
  }
  const reply = await resetFromPage(context, parsed.data);
  return data<ResetResult>({ ok: reply.status < 300, message: reply.message, errors: reply.errors ?? {} }, { status: reply.status, headers: PRIVATE });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  const text = useReplyText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = useReplyErrors()({ ...errors, ...(actionData?.errors ?? {}) });
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const linkBroken = token === "" || actionData?.errors.token !== undefined;

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = checkResetPasswordForm(Object.fromEntries(new FormData(form)));
    if (parsed.ok) return setErrors({});
    event.preventDefault();
    setErrors(parsed.errors);
    focusFirstInvalid(form, parsed.errors);
  }

  const footer = (
    <Link to={lp("/login")} className="font-semibold text-brand-800 underline underline-offset-2">
      {t("auth.backToLogin")}
    </Link>
  );

  if (actionData?.ok) {
    return (
      <AuthCard title={t("auth.reset.title")} intro={text(actionData.message ?? ACCOUNT_MESSAGES.passwordReset)} footer={footer}>
        <Link to={lp("/login")} className={`${SUBMIT_CLASS} block text-center`}>
          {t("auth.login.title")}
        </Link>
      </AuthCard>
    );
  }

  if (linkBroken) {
    return (
      <AuthCard title={t("auth.reset.title")} intro={text(ACCOUNT_MESSAGES.resetLinkInvalid)} footer={footer}>
        <p role="alert" className="text-gray-800">
          {t("auth.reset.once")}{" "}
          <Link to={lp("/forgot-password")} className="font-semibold text-brand-800 underline underline-offset-2">
            {t("auth.reset.askNew")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("auth.reset.title")} intro={t("auth.reset.intro")} footer={footer}>
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        <input type="hidden" name="token" value={token} />
        <Field label={t("auth.newPassword")} name="password" type="password" autoComplete="new-password" required error={shown.password} />
        <Field label={t("auth.confirmNewPassword")} name="confirmPassword" type="password" autoComplete="new-password" required error={shown.confirmPassword} />
        <button type="submit" disabled={submitting} className={SUBMIT_CLASS}>
          {submitting ? t("auth.saving") : t("auth.reset.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}
