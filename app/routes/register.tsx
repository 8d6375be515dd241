import { useEffect, useState } from "react";
import { Form, Link, data, redirect, useNavigate, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { AUTH_MESSAGES, checkRegisterForm } from "#common/auth.ts";
import { AuthCard, FormAlert, SUBMIT_CLASS, focusFirstInvalid } from "~/components/auth/auth-card";
import { OrUseEmail, PhoneSignIn, SignInMethodTabs, activeSignInMethod, panelClasses } from "~/components/auth/phone-sign-in";
import { redirectTarget, withRedirect } from "~/components/auth/redirect-target";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { Field } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { formText } from "~/lib/form-text";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/register";
import { phoneSignInOptions, phoneStep } from "./phone-sign-in.server";
import { registerFromPage } from "./register.server";

/** Spec section 9: the success toast shows this long before the shopper is taken on. */
const REDIRECT_DELAY_MS = 1500;

// Public and indexable (the quality bars ask SEO 100 of every public page); only pages
// behind a session (profile, orders, checkout) are noindex.
export const meta: Route.MetaFunction = () => pageMeta("Register", "Create your account to check out, follow your orders and keep your cart on every device.");

/** Someone already signed in goes straight where registering would have taken them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.user) throw redirect(redirectTarget(new URL(request.url).searchParams.get("redirect")));
  return phoneSignInOptions(context);
}

type RegisterResult =
  | { ok: true; redirectTo: string }
  | { ok: false; message: string; errors: Record<string, string>; values: { name: string; email: string } };

/**
 * The form posts here with or without JavaScript. Registering signs the shopper in. The page
 * (with JavaScript, marked by the `enhanced` field) gets the target back, shows the success
 * toast and moves on after 1.5 s; a plain form post is redirected at once, the toast riding
 * along in the one-time flash cookie (server/http/flash.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { shop, requestId } = context;
  const form = await request.formData();
  // "Use mobile number" (decisions/050): its steps post here too.
  if (String(form.get("intent") ?? "").startsWith("phone-")) {
    return phoneStep(request, context, form, redirectTarget(new URL(request.url).searchParams.get("redirect")));
  }
  const values = formText(form, ["name", "email", "password", "confirmPassword"]);
  const failure = (status: number, message: string, errors: Record<string, string> = {}, headers?: HeadersInit) =>
    data<RegisterResult>({ ok: false, message, errors, values: { name: values.name, email: values.email } }, { status, headers });

  const parsed = checkRegisterForm(values);
  if (!parsed.ok) return failure(400, AUTH_MESSAGES.formInvalid, parsed.errors);

  const enhanced = form.get("enhanced") === "1";
  let result: Awaited<ReturnType<typeof registerFromPage>>;
  try {
    result = await registerFromPage(request, context, parsed.data, !enhanced);
  } catch (error) {
    shop.logger.error({ err: error, requestId }, "page registration failed");
    return failure(500, AUTH_MESSAGES.registrationFailed);
  }
  const { reply } = result;
  if (!result.ok) {
    const errors: Record<string, string> = reply.status === 409 ? { email: reply.message } : {};
    return failure(reply.status, reply.message, errors, reply.headers);
  }

  const target = redirectTarget(new URL(request.url).searchParams.get("redirect"));
  if (enhanced) return data<RegisterResult>({ ok: true, redirectTo: target }, { status: reply.status, headers: result.headers });
  throw redirect(target, { headers: result.headers });
}

/** After its own submission the page stays put for the toast; the loader would send a now signed-in visitor away at once. */
export function shouldRevalidate({ formMethod, formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST" && formAction && new URL(formAction, currentUrl).pathname === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function Register({ actionData: answer, loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get("redirect");
  const phoneAnswer = answer && "phone" in answer ? answer.phone : undefined;
  const actionData = answer && "ok" in answer ? answer : undefined;
  const active = activeSignInMethod(searchParams.get("method"), phoneAnswer);
  const panels = panelClasses(active);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const failed = actionData && !actionData.ok ? actionData : null;
  const [errors, setErrors] = useState<Record<string, string>>(failed?.errors ?? {});
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/register") === true;
  const registered = actionData?.ok === true;

  useEffect(() => {
    if (!actionData) return;
    if (!actionData.ok) {
      setErrors(actionData.errors);
      toast.error(actionData.message || AUTH_MESSAGES.registrationFailed);
      return;
    }
    setErrors({});
    toast.success(AUTH_MESSAGES.registrationSucceeded);
    const timer = setTimeout(() => navigate(actionData.redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = checkRegisterForm(Object.fromEntries(new FormData(form)));
    if (parsed.ok) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const invalid = parsed.errors;
    setErrors(invalid);
    focusFirstInvalid(form, invalid);
    toast.error(AUTH_MESSAGES.formInvalid);
  }

  return (
    <AuthCard
      title="Register"
      intro="Create an account to check out faster, follow your orders and keep your cart on every device."
      footer={
        <>
          Already have an account?{" "}
          <Link to={withRedirect("/login", redirectParam)} className="font-semibold text-brand-800 underline underline-offset-2">
            Login
          </Link>
        </>
      }
    >
      <SignInMethodTabs active={active} redirectParam={redirectParam} />
      <div className={panels.phone}>
        <PhoneSignIn step={phoneAnswer} whatsapp={loaderData.whatsapp} formAction={withRedirect("/register", redirectParam)} />
      </div>
      <OrUseEmail active={active} />
      <div className={panels.email}>
      <FormAlert message={failed?.message} show={!hydrated} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <Field label="Name" name="name" autoComplete="name" required defaultValue={failed?.values.name} error={errors.name} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={failed?.values.email}
          error={errors.email}
        />
        {errors.email === AUTH_MESSAGES.userExists ? (
          // What to do about a taken email; it reveals nothing the "User already exists" answer does not.
          <p className="-mt-3 text-sm text-gray-800" data-testid="register-exists-help">
            This email already has an account.{" "}
            <Link to={withRedirect("/login", redirectParam)} className="font-semibold text-brand-800 underline underline-offset-2">
              Sign in
            </Link>{" "}
            instead, or{" "}
            <Link to="/forgot-password" className="font-semibold text-brand-800 underline underline-offset-2">
              reset your password
            </Link>{" "}
            if you have forgotten it.
          </p>
        ) : null}
        <Field label="Password" name="password" type="password" autoComplete="new-password" required error={errors.password} />
        <Field
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <button type="submit" disabled={submitting || registered} className={SUBMIT_CLASS}>
          {submitting ? "Creating account..." : registered ? "Redirecting..." : "Register"}
        </button>
      </Form>
      </div>
    </AuthCard>
  );
}
