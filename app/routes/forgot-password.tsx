import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { checkForgotPasswordForm } from "#common/account.ts";
import { AuthCard, NOINDEX, SUBMIT_CLASS, focusFirstInvalid } from "~/components/auth/auth-card";
import { Field } from "~/components/ui/field";
import { formText } from "~/lib/form-text";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { useReplyErrors, useReplyText } from "~/lib/api-sentences";
import { accountPageTexts } from "~/lib/api-sentences.server";
import type { Route } from "./+types/forgot-password";
import { requestResetFromPage } from "./forgot-password.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("auth.forgot.title"), t("auth.forgot.metaDescription")), NOINDEX];
};

export function loader({ request }: Route.LoaderArgs) {
  return accountPageTexts(request, "auth");
}

interface ForgotResult {
  ok: boolean;
  message: string | null;
  errors: Record<string, string>;
  email: string;
}

/**
 * The form posts here with or without JavaScript. The answer is the same whether or not the email
 * has an account (decisions/023); only a malformed email or the rate limit is refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formText(await request.formData(), ["email"]);
  const parsed = checkForgotPasswordForm(values);
  if (!parsed.ok) return data<ForgotResult>({ ok: false, message: null, errors: parsed.errors, email: values.email }, { status: 400 });
  const reply = await requestResetFromPage(request, context, parsed.data);
  return data<ForgotResult>({ ok: reply.status < 300, message: reply.message, errors: {}, email: values.email }, { status: reply.status, headers: reply.headers });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  const text = useReplyText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = useReplyErrors()({ ...errors, ...(actionData?.errors ?? {}) });
  const submitting = navigation.state !== "idle" && navigation.formAction === lp("/forgot-password");

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = checkForgotPasswordForm(Object.fromEntries(new FormData(form)));
    if (parsed.ok) return setErrors({});
    event.preventDefault();
    setErrors(parsed.errors);
    focusFirstInvalid(form, parsed.errors);
  }

  return (
    <AuthCard
      title={t("auth.forgot.title")}
      intro={t("auth.forgot.intro")}
      footer={
        <>
          {t("auth.forgot.remembered")}{" "}
          <Link to={lp("/login")} className="font-semibold text-brand-800 underline underline-offset-2">
            {t("auth.login.title")}
          </Link>
        </>
      }
    >
      <div aria-live="polite">
        {actionData?.message ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`mb-5 rounded-md border px-4 py-3 ${actionData.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"}`}
          >
            {text(actionData.message)}
          </p>
        ) : null}
      </div>
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        <Field
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={actionData?.email}
          error={shown.email}
        />
        <button type="submit" disabled={submitting} className={SUBMIT_CLASS}>
          {submitting ? t("auth.sending") : t("auth.forgot.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}
