import { useEffect, useState } from "react";
import { Form, Link, data, redirect, useNavigation, useSearchParams } from "react-router";
import { AUTH_MESSAGES, checkLoginForm } from "#common/auth.ts";
import { AuthCard, FormAlert, SUBMIT_CLASS, focusFirstInvalid } from "~/components/auth/auth-card";
import { OrUseEmail, PhoneSignIn, SignInMethodTabs, activeSignInMethod, panelClasses } from "~/components/auth/phone-sign-in";
import { redirectTarget, withRedirect } from "~/components/auth/redirect-target";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { Field } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { formText } from "~/lib/form-text";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/login";
import { signInFromPage } from "./login.server";
import { phoneSignInOptions, phoneStep } from "./phone-sign-in.server";

// Public and indexable (the quality bars ask SEO 100 of every public page); only pages
// behind a session (profile, orders, checkout) are noindex.
export const meta: Route.MetaFunction = () => pageMeta("Login", "Sign in to your account to check out, see your orders and keep your cart on every device.");

/** Someone already signed in goes straight where the login would have taken them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.user) throw redirect(redirectTarget(new URL(request.url).searchParams.get("redirect")));
  return phoneSignInOptions(context);
}

interface LoginFailure {
  message: string | null;
  errors: Record<string, string>;
  email: string;
}

/**
 * The form posts here with or without JavaScript. Success redirects with the session cookie
 * and a one-time "Login successful" toast for the next page (server/http/flash.ts), so the
 * toast survives the redirect even when the browser loads the next page itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { shop, requestId } = context;
  const form = await request.formData();
  const target = redirectTarget(new URL(request.url).searchParams.get("redirect"));
  // "Use mobile number" (decisions/050): its steps post here too.
  if (String(form.get("intent") ?? "").startsWith("phone-")) return phoneStep(request, context, form, target);
  const values = formText(form, ["email", "password"]);
  const failure = (status: number, message: string | null, errors: Record<string, string> = {}, headers?: HeadersInit) =>
    data<LoginFailure>({ message, errors, email: values.email }, { status, headers });

  const parsed = checkLoginForm(values);
  if (!parsed.ok) return failure(400, null, parsed.errors);

  let result: Awaited<ReturnType<typeof signInFromPage>>;
  try {
    result = await signInFromPage(request, context, parsed.data);
  } catch (error) {
    shop.logger.error({ err: error, requestId }, "page sign-in failed");
    return failure(500, AUTH_MESSAGES.loginFailed);
  }
  if (!result.ok) return failure(result.reply.status, result.reply.message, {}, result.reply.headers);
  throw redirect(target, { headers: result.headers });
}

export default function Login({ actionData: answer, loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get("redirect");
  const phoneAnswer = answer && "phone" in answer ? answer.phone : undefined;
  const actionData = answer && "email" in answer ? answer : undefined;
  const active = activeSignInMethod(searchParams.get("method"), phoneAnswer);
  const panels = panelClasses(active);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Record<string, string>>(actionData?.errors ?? {});
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/login") === true;

  useEffect(() => {
    if (!actionData) return;
    setErrors(actionData.errors);
    if (actionData.message !== null) toast.error(actionData.message || AUTH_MESSAGES.loginFailed);
  }, [actionData]);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = checkLoginForm(Object.fromEntries(new FormData(form)));
    if (parsed.ok) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const invalid = parsed.errors;
    setErrors(invalid);
    focusFirstInvalid(form, invalid);
  }

  return (
    <AuthCard
      title="Login"
      intro="Welcome back. Sign in to check out faster and follow your orders."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to={withRedirect("/register", redirectParam)} className="font-semibold text-brand-800 underline underline-offset-2">
            Register
          </Link>
        </>
      }
    >
      <SignInMethodTabs active={active} redirectParam={redirectParam} />
      <div className={panels.phone}>
        <PhoneSignIn step={phoneAnswer} whatsapp={loaderData.whatsapp} formAction={withRedirect("/login", redirectParam)} />
      </div>
      <OrUseEmail active={active} />
      <div className={panels.email}>
      <FormAlert message={actionData?.message} show={!hydrated} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={actionData?.email}
          error={errors.email}
        />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-800 underline underline-offset-2">
            Forgot password?
          </Link>
        </p>
        <button type="submit" disabled={submitting} className={SUBMIT_CLASS}>
          {submitting ? "Logging in..." : "Login"}
        </button>
      </Form>
      </div>
    </AuthCard>
  );
}
