import { useEffect, useState } from "react";
import { Form, Link, data, redirect, useNavigation, useSearchParams } from "react-router";
import { AUTH_MESSAGES, checkLoginForm } from "#common/auth.ts";
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_SETUP_PATH, checkTwoFactorSignInForm } from "#common/two-factor.ts";
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
import type { Route } from "./+types/login";
import { finishTwoFactorFromPage, signInFromPage } from "./login.server";
import { phoneSignInOptions, phoneStep } from "./phone-sign-in.server";

// Public and indexable (the quality bars ask SEO 100 of every public page); only pages
// behind a session (profile, orders, checkout) are noindex.
export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("auth.login.title"), t("auth.login.metaDescription"));
};

/** Someone already signed in goes straight where the login would have taken them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.user) throw redirect(localePath(redirectTarget(new URL(request.url).searchParams.get("redirect")), requestLanguage(request)));
  return { ...phoneSignInOptions(context), ...accountPageTexts(request, "auth") };
}

interface LoginFailure {
  step: "password";
  message: string | null;
  errors: Record<string, string>;
  email: string;
}

/** The password was right and the account has two-factor on: the code step, with the challenge to send back. */
interface CodeStep {
  step: "code";
  challenge: string;
  message: string | null;
  errors: Record<string, string>;
  email: string;
  /** The last code sent was a backup code (its form stays open and shows the error). */
  backup: boolean;
}

type LoginData = LoginFailure | CodeStep;

/**
 * The form posts here with or without JavaScript. Success redirects with the session cookie
 * and a one-time "Login successful" toast for the next page (server/http/flash.ts), so the
 * toast survives the redirect even when the browser loads the next page itself. An account with
 * two-factor on answers the code step first (`intent=code`, decisions/051).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { shop, requestId } = context;
  const form = await request.formData();
  // A shopper signing in on a /hi page stays on /hi pages.
  const language = requestLanguage(request);
  const target = localePath(redirectTarget(new URL(request.url).searchParams.get("redirect")), language);
  // "Use mobile number" (decisions/050): its steps post here too.
  if (String(form.get("intent") ?? "").startsWith("phone-")) return phoneStep(request, context, form, target);
  const values = formText(form, ["email", "password", "intent", "challenge", "code", "kind"]);
  const failure = (status: number, message: string | null, errors: Record<string, string> = {}, headers?: HeadersInit) =>
    data<LoginData>({ step: "password", message, errors, email: values.email }, { status, headers });
  const codeStep = (status: number, challenge: string, message: string | null, errors: Record<string, string> = {}, headers?: HeadersInit) =>
    data<LoginData>({ step: "code", challenge, message, errors, email: values.email, backup: values.kind === "backup" }, { status, headers });

  if (values.intent === "code") {
    const parsed = checkTwoFactorSignInForm(values);
    if (!parsed.ok) return codeStep(400, values.challenge, null, parsed.errors);
    let result: Awaited<ReturnType<typeof finishTwoFactorFromPage>>;
    try {
      result = await finishTwoFactorFromPage(request, context, parsed.data);
    } catch (error) {
      shop.logger.error({ err: error, requestId }, "page two-factor sign-in failed");
      return codeStep(500, values.challenge, AUTH_MESSAGES.loginFailed);
    }
    if (result.ok) throw redirect(target, { headers: result.headers });
    const { reply } = result;
    // An expired or spent challenge: back to the password, saying why.
    if (reply.message === TWO_FACTOR_MESSAGES.challengeExpired) return failure(reply.status, reply.message, {}, reply.headers);
    return codeStep(reply.status, values.challenge, reply.message, reply.errors ?? {}, reply.headers);
  }

  const parsed = checkLoginForm(values);
  if (!parsed.ok) return failure(400, null, parsed.errors);

  let result: Awaited<ReturnType<typeof signInFromPage>>;
  try {
    result = await signInFromPage(request, context, parsed.data);
  } catch (error) {
    shop.logger.error({ err: error, requestId }, "page sign-in failed");
    return failure(500, AUTH_MESSAGES.loginFailed);
  }
  if (result.ok === "code") return codeStep(200, result.challenge, null);
  if (!result.ok) return failure(result.reply.status, result.reply.message, {}, result.reply.headers);
  throw redirect(result.setUpTwoFactorFirst ? localePath(TWO_FACTOR_SETUP_PATH, language) : target, { headers: result.headers });
}

export default function Login({ actionData: answer, loaderData }: Route.ComponentProps) {
  if (answer && "step" in answer && answer.step === "code") return <CodeForm key={answer.challenge} data={answer} />;
  const phoneAnswer = answer && "phone" in answer ? answer.phone : undefined;
  const failure = answer && "step" in answer && answer.step === "password" ? answer : undefined;
  return <PasswordForm data={failure} phoneAnswer={phoneAnswer} whatsapp={loaderData.whatsapp} />;
}

function PasswordForm({
  data: actionData,
  phoneAnswer,
  whatsapp,
}: {
  data: LoginFailure | undefined;
  phoneAnswer: React.ComponentProps<typeof PhoneSignIn>["step"];
  whatsapp: boolean;
}) {
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get("redirect");
  const active = activeSignInMethod(searchParams.get("method"), phoneAnswer);
  const panels = panelClasses(active);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const t = useT();
  const lp = useLocalePath();
  const text = useReplyText();
  const inLanguage = useReplyErrors();
  const [errors, setErrors] = useState<Record<string, string>>(actionData?.errors ?? {});
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(lp("/login")) === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer; `text` is the page's language.
  useEffect(() => {
    if (!actionData) return;
    setErrors(actionData.errors);
    if (actionData.message !== null) toast.error(text(actionData.message || AUTH_MESSAGES.loginFailed));
  }, [actionData]);
  const shown = inLanguage(errors);

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
      title={t("auth.login.title")}
      intro={t("auth.login.intro")}
      footer={
        <>
          {t("auth.login.noAccount")}{" "}
          <Link to={withRedirect(lp("/register"), redirectParam)} className="font-semibold text-brand-800 underline underline-offset-2">
            {t("auth.register.title")}
          </Link>
        </>
      }
    >
      <SignInMethodTabs active={active} redirectParam={redirectParam} />
      <div className={panels.phone}>
        <PhoneSignIn step={phoneAnswer} whatsapp={whatsapp} formAction={withRedirect(lp("/login"), redirectParam)} />
      </div>
      <OrUseEmail active={active} />
      <div className={panels.email}>
      <FormAlert message={text(actionData?.message)} show={!hydrated} />
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
        <Field label={t("auth.password")} name="password" type="password" autoComplete="current-password" required error={shown.password} />
        <p className="-mt-2 text-right text-sm">
          <Link to={lp("/forgot-password")} className="font-medium text-brand-800 underline underline-offset-2">
            {t("auth.login.forgot")}
          </Link>
        </p>
        <button type="submit" disabled={submitting} className={SUBMIT_CLASS}>
          {submitting ? t("auth.login.submitting") : t("auth.login.submit")}
        </button>
      </Form>
      </div>
    </AuthCard>
  );
}

/**
 * The code step (decisions/051): the authenticator's 6 digits (a numeric keyboard, the phone's
 * one-time-code autofill), or a backup code in its own form (letters too). The message is shown
 * in the page, announced, with or without JavaScript.
 */
function CodeForm({ data: step }: { data: CodeStep }) {
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get("redirect");
  const navigation = useNavigation();
  const [errors, setErrors] = useState<Record<string, string>>(step.errors);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "code";
  const usingBackup = step.backup;
  const t = useT();
  const lp = useLocalePath();
  const text = useReplyText();
  const shown = useReplyErrors()(errors);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = checkTwoFactorSignInForm(Object.fromEntries(new FormData(form)));
    if (parsed.ok) return setErrors({});
    event.preventDefault();
    setErrors(parsed.errors);
    focusFirstInvalid(form, parsed.errors);
  }

  const hidden = (
    <>
      <input type="hidden" name="intent" value="code" />
      <input type="hidden" name="challenge" value={step.challenge} />
      <input type="hidden" name="email" value={step.email} />
    </>
  );
  return (
    <AuthCard
      title={t("auth.code.title")}
      intro={t("auth.code.intro")}
      footer={
        <Link to={withRedirect(lp("/login"), redirectParam)} className="font-semibold text-brand-800 underline underline-offset-2">
          {t("auth.code.startAgain")}
        </Link>
      }
    >
      <div aria-live="assertive">
        {step.message ? (
          <p role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            {text(step.message)}
          </p>
        ) : null}
      </div>
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        {hidden}
        <Field
          label={t("auth.code.label")}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          autoFocus
          error={usingBackup ? undefined : shown.code}
        />
        <button type="submit" disabled={submitting} className={SUBMIT_CLASS}>
          {submitting ? t("auth.checking") : t("auth.code.submit")}
        </button>
      </Form>
      <details className="mt-6 rounded-md border border-gray-200 p-4" open={usingBackup}>
        <summary className="cursor-pointer font-medium text-brand-800">{t("auth.code.lostPhone")}</summary>
        <Form method="post" noValidate onSubmit={validate} className="mt-4 space-y-4">
          {hidden}
          <input type="hidden" name="kind" value="backup" />
          <Field
            label={t("auth.code.backupLabel")}
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            required
            error={usingBackup ? shown.code : undefined}
          />
          <p className="text-sm text-gray-700">{t("auth.code.backupHelp")}</p>
          <button type="submit" disabled={submitting} className="w-full rounded-md border border-gray-400 bg-white px-6 py-3 font-semibold text-gray-900 hover:bg-gray-50">
            {t("auth.code.backupSubmit")}
          </button>
        </Form>
      </details>
    </AuthCard>
  );
}
