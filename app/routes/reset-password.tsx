import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { ACCOUNT_MESSAGES, checkResetPasswordForm } from "#common/account.ts";
import { AuthCard, NOINDEX, SUBMIT_CLASS, focusFirstInvalid } from "~/components/auth/auth-card";
import { Field } from "~/components/ui/field";
import { formText } from "~/lib/form-text";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/reset-password";
import { resetFromPage } from "./reset-password.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Reset password", "Choose a new password for your account."), NOINDEX];

/** The link's token is personal: the page is never kept by a cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** The emailed link lands here (`?token=`); the token is checked when the new password is sent. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token }, { headers: PRIVATE });
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...errors, ...(actionData?.errors ?? {}) };
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
    <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-2">
      Back to login
    </Link>
  );

  if (actionData?.ok) {
    return (
      <AuthCard title="Reset password" intro={actionData.message ?? ACCOUNT_MESSAGES.passwordReset} footer={footer}>
        <Link to="/login" className={`${SUBMIT_CLASS} block text-center`}>
          Login
        </Link>
      </AuthCard>
    );
  }

  if (linkBroken) {
    return (
      <AuthCard title="Reset password" intro={ACCOUNT_MESSAGES.resetLinkInvalid} footer={footer}>
        <p role="alert" className="text-gray-800">
          Reset links work once, for one hour.{" "}
          <Link to="/forgot-password" className="font-semibold text-brand-800 underline underline-offset-2">
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" intro="Choose a new password. You will be signed out on every device." footer={footer}>
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        <input type="hidden" name="token" value={token} />
        <Field label="New password" name="password" type="password" autoComplete="new-password" required error={shown.password} />
        <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required error={shown.confirmPassword} />
        <button type="submit" disabled={submitting} className={SUBMIT_CLASS}>
          {submitting ? "Saving..." : "Set new password"}
        </button>
      </Form>
    </AuthCard>
  );
}
