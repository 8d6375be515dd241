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
import { localePath, metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { useReplyErrors, useReplyText } from "~/lib/api-sentences";
import { accountPageTexts } from "~/lib/api-sentences.server";
import type { Route } from "./+types/register";
import { phoneSignInOptions, phoneStep } from "./phone-sign-in.server";
import { registerFromPage } from "./register.server";

/** Spec section 9: the success toast shows this long before the shopper is taken on. */
const REDIRECT_DELAY_MS = 1500;

// Public and indexable (the quality bars ask SEO 100 of every public page); only pages
// behind a session (profile, orders, checkout) are noindex.
export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("auth.register.title"), t("auth.register.metaDescription"));
};

/** Someone already signed in goes straight where registering would have taken them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.user) throw redirect(localePath(redirectTarget(new URL(request.url).searchParams.get("redirect")), requestLanguage(request)));
  return { ...phoneSignInOptions(context), ...accountPageTexts(request, "auth") };
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
    return phoneStep(request, context, form, localePath(redirectTarget(new URL(request.url).searchParams.get("redirect")), requestLanguage(request)));
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

  // A shopper registering on a /hi page stays on /hi pages.
  const target = localePath(redirectTarget(new URL(request.url).searchParams.get("redirect")), requestLanguage(request));
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
  const t = useT();
  const lp = useLocalePath();
  const text = useReplyText();
  const inLanguage = useReplyErrors();
  const failed = actionData && !actionData.ok ? actionData : null;
  const [errors, setErrors] = useState<Record<string, string>>(failed?.errors ?? {});
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(lp("/register")) === true;
  const registered = actionData?.ok === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer; `text` is the page's language.
  useEffect(() => {
    if (!actionData) return;
    if (!actionData.ok) {
      setErrors(actionData.errors);
      toast.error(text(actionData.message || AUTH_MESSAGES.registrationFailed));
      return;
    }
    setErrors({});
    toast.success(text(AUTH_MESSAGES.registrationSucceeded));
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
    toast.error(text(AUTH_MESSAGES.formInvalid));
  }
  const shown = inLanguage(errors);

  return (
    <AuthCard
      title={t("auth.register.title")}
      intro={t("auth.register.intro")}
      footer={
        <>
          {t("auth.register.haveAccount")}{" "}
          <Link to={withRedirect(lp("/login"), redirectParam)} className="font-semibold text-brand-800 underline underline-offset-2">
            {t("auth.login.title")}
          </Link>
        </>
      }
    >
      <SignInMethodTabs active={active} redirectParam={redirectParam} />
      <div className={panels.phone}>
        <PhoneSignIn step={phoneAnswer} whatsapp={loaderData.whatsapp} formAction={withRedirect(lp("/register"), redirectParam)} />
      </div>
      <OrUseEmail active={active} />
      <div className={panels.email}>
      <FormAlert message={text(failed?.message)} show={!hydrated} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <Field label={t("auth.name")} name="name" autoComplete="name" required defaultValue={failed?.values.name} error={shown.name} />
        <Field
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={failed?.values.email}
          error={shown.email}
        />
        {errors.email === AUTH_MESSAGES.userExists ? (
          // What to do about a taken email; it reveals nothing the "User already exists" answer does not.
          <p className="-mt-3 text-sm text-gray-800" data-testid="register-exists-help">
            {t("auth.register.exists")}{" "}
            <Link to={withRedirect(lp("/login"), redirectParam)} className="font-semibold text-brand-800 underline underline-offset-2">
              {t("auth.register.existsSignIn")}
            </Link>{" "}
            {t("auth.register.existsOr")}{" "}
            <Link to={lp("/forgot-password")} className="font-semibold text-brand-800 underline underline-offset-2">
              {t("auth.register.existsReset")}
            </Link>{" "}
            {t("auth.register.existsEnd")}
          </p>
        ) : null}
        <Field label={t("auth.password")} name="password" type="password" autoComplete="new-password" required error={shown.password} />
        <Field
          label={t("auth.register.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={shown.confirmPassword}
        />
        <button type="submit" disabled={submitting || registered} className={SUBMIT_CLASS}>
          {submitting ? t("auth.register.submitting") : registered ? t("auth.register.redirecting") : t("auth.register.submit")}
        </button>
      </Form>
      </div>
    </AuthCard>
  );
}
