import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatIndianPhone } from "#common/india.ts";
import {
  checkCodeForm,
  checkCodeRequestForm,
  checkNewPhoneAccountForm,
  PHONE_CODE_LENGTH,
  type PhoneStepData,
} from "#common/phone-sign-in.ts";
import { Field } from "~/components/ui/field";
import { useT } from "~/lib/i18n";
import { useReplyErrors, useReplyText } from "~/lib/api-sentences";
import { SUBMIT_CLASS, focusFirstInvalid } from "./auth-card";

/**
 * "Use mobile number" on /login and /register (decisions/050): number → 6-digit code → signed in,
 * or a new account asking only a name. Each step is a plain form post to the page's action
 * (`intent` phone-code, phone-verify, phone-create), so it works before and without JavaScript;
 * the page's action answers the next step (`PhoneStepData`).
 */
export function PhoneSignIn({ step, whatsapp, formAction }: { step: PhoneStepData | undefined; whatsapp: boolean; formAction: string }) {
  const current = step?.step ?? "number";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent")?.toString().startsWith("phone") === true;
  const pendingIntent = busy ? navigation.formData?.get("intent") : null;
  const [errors, setErrors] = useState<Record<string, string>>(step?.errors ?? {});
  useEffect(() => setErrors(step?.errors ?? {}), [step]);
  const t = useT();
  const text = useReplyText();
  const shownErrors = useReplyErrors()(errors);

  function validate(check: (values: Record<string, unknown>) => { ok: boolean; errors?: Record<string, string> }) {
    return (event: React.FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const result = check(Object.fromEntries(new FormData(form)));
      if (result.ok || !result.errors) {
        setErrors({});
        return;
      }
      event.preventDefault();
      setErrors(result.errors);
      focusFirstInvalid(form, result.errors);
    };
  }

  const failed = step && Object.keys(step.errors).length + (step.message && isError(step) ? 1 : 0) > 0;
  const alert = failed && step?.message ? (
    <p role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800" data-testid="phone-alert">
      {text(step.message)}
    </p>
  ) : null;

  if (current === "number") {
    return (
      <div data-testid="phone-sign-in">
        {alert}
        <Form method="post" action={formAction} noValidate onSubmit={validate(checkCodeRequestForm)} className="space-y-5">
          <input type="hidden" name="intent" value="phone-code" />
          <Field
            label={t("auth.phone.mobile")}
            name="phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="98450 12345"
            required
            defaultValue={step?.phone}
            error={shownErrors.phone}
          />
          {whatsapp ? <ChannelChoice error={shownErrors.channel} /> : null}
          <p className="-mt-2 text-sm text-gray-700">{t("auth.phone.willSend", { digits: PHONE_CODE_LENGTH })}</p>
          <button type="submit" disabled={busy} className={SUBMIT_CLASS}>
            {pendingIntent === "phone-code" ? t("auth.phone.sending") : t("auth.phone.send")}
          </button>
        </Form>
      </div>
    );
  }

  const shown = `+91 ${formatIndianPhone(step?.phone ?? "")}`;

  if (current === "name") {
    return (
      <div data-testid="phone-sign-in">
        {alert}
        <p role="status" className="mb-5 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">
          {t("auth.phone.verifiedName", { phone: shown })}
        </p>
        <Form method="post" action={formAction} noValidate onSubmit={validate(checkNewPhoneAccountForm)} className="space-y-5">
          <input type="hidden" name="intent" value="phone-create" />
          <input type="hidden" name="phone" value={step?.phone ?? ""} />
          <input type="hidden" name="code" value={step?.code ?? ""} />
          <Field label={t("auth.name")} name="name" autoComplete="name" required defaultValue={step?.name} error={shownErrors.name} />
          <Field
            label={t("auth.phone.emailOptional")}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={step?.email}
            error={shownErrors.email}
          />
          <p className="-mt-2 text-sm text-gray-700">{t("auth.phone.emailHelp")}</p>
          {errors.code ? <p className="text-sm text-red-700">{shownErrors.code}</p> : null}
          <button type="submit" disabled={busy} className={SUBMIT_CLASS}>
            {pendingIntent === "phone-create" ? t("auth.register.submitting") : t("auth.phone.create")}
          </button>
        </Form>
      </div>
    );
  }

  return (
    <div data-testid="phone-sign-in">
      {alert}
      {!failed && step?.message ? (
        <p role="status" className="mb-5 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">
          {text(step.message)}
        </p>
      ) : null}
      <Form method="post" action={formAction} noValidate onSubmit={validate(checkCodeForm)} className="space-y-5">
        <input type="hidden" name="intent" value="phone-verify" />
        <input type="hidden" name="phone" value={step?.phone ?? ""} />
        <p className="text-gray-800">
          {t("auth.phone.sentTo")} <strong>{shown}</strong>{t("auth.phone.sentToEnd")}{" "}
          <Link to="?method=phone" className="font-medium text-brand-800 underline underline-offset-2">
            {t("auth.phone.change")}
          </Link>
        </p>
        <PhoneCodeField error={shownErrors.code} />
        <button type="submit" disabled={busy} className={SUBMIT_CLASS}>
          {pendingIntent === "phone-verify" ? t("auth.checking") : t("auth.phone.verify")}
        </button>
      </Form>
      <ResendCode phone={step?.phone ?? ""} seconds={step?.resendAfter ?? 0} whatsapp={whatsapp} formAction={formAction} busy={busy} stepKey={step} />
    </div>
  );
}

function isError(step: PhoneStepData): boolean {
  return step.step === "number" || Object.keys(step.errors).length > 0;
}

function ChannelChoice({ error }: { error?: string }) {
  const t = useT();
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-gray-800">{t("auth.phone.channel")}</legend>
      <div className="mt-2 flex gap-6">
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="channel" value="sms" defaultChecked className="h-4 w-4" /> <span lang="en">SMS</span>
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="channel" value="whatsapp" className="h-4 w-4" /> <span lang="en">WhatsApp</span>
        </label>
      </div>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

/**
 * "Resend code" after a countdown. The button says the seconds left; the live region speaks only
 * when a new code may be asked for (a sentence every second would drown everything else).
 */
function ResendCode({
  phone,
  seconds,
  whatsapp,
  formAction,
  busy,
  stepKey,
}: {
  phone: string;
  seconds: number;
  whatsapp: boolean;
  formAction: string;
  busy: boolean;
  stepKey: unknown;
}) {
  const [left, setLeft] = useState(seconds);
  const t = useT();
  // A new step (a new code sent) starts the countdown again: `stepKey` is among the dependencies.
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, stepKey]);

  return (
    <Form method="post" action={formAction} className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <input type="hidden" name="intent" value="phone-code" />
      <input type="hidden" name="phone" value={phone} />
      <button
        type="submit"
        name="channel"
        value="sms"
        disabled={left > 0 || busy}
        className="font-semibold text-brand-800 underline underline-offset-2 disabled:cursor-not-allowed disabled:text-gray-600 disabled:no-underline"
      >
        {left > 0 ? t("auth.phone.resendIn", { seconds: left }) : whatsapp ? t("auth.phone.resendSms") : t("auth.phone.resend")}
      </button>
      {whatsapp ? (
        <button
          type="submit"
          name="channel"
          value="whatsapp"
          disabled={left > 0 || busy}
          className="font-semibold text-brand-800 underline underline-offset-2 disabled:cursor-not-allowed disabled:text-gray-600 disabled:no-underline"
        >
          {t("auth.phone.sendWhatsApp")}
        </button>
      ) : null}
      <span aria-live="polite" className="sr-only" data-testid="resend-status">
        {left === 0 ? t("auth.phone.canResend") : ""}
      </span>
    </Form>
  );
}

/**
 * "Mobile number" and "Email" as two tabs (links, so they work without JavaScript). With neither
 * chosen, phones show the mobile number first and the email form below it (no tabs); wider screens
 * start on the email tab.
 */
export function SignInMethodTabs({ active, redirectParam }: { active: "phone" | "email" | null; redirectParam: string | null }) {
  const t = useT();
  const href = (method: string) => `?${new URLSearchParams({ method, ...(redirectParam ? { redirect: redirectParam } : {}) })}`;
  const bar = (selected: "phone" | "email", className: string) => (
    <nav aria-label={t("auth.phone.how")} className={`mb-6 grid-cols-2 rounded-lg border border-gray-300 p-1 ${className}`}>
      {(
        [
          ["phone", t("auth.phone.mobile")],
          ["email", t("auth.email")],
        ] as const
      ).map(([method, label]) => (
        <Link
          key={method}
          to={href(method)}
          replace
          preventScrollReset
          aria-current={selected === method ? "page" : undefined}
          className={`rounded-md px-3 py-2 text-center font-semibold ${selected === method ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"}`}
          data-testid={`method-${method}`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
  return active ? bar(active, "grid") : bar("email", "hidden sm:grid");
}

/** Between the two forms on a phone when neither is chosen: the mobile number above, email below. */
export function OrUseEmail({ active }: { active: "phone" | "email" | null }) {
  const t = useT();
  if (active) return null;
  return (
    <p className="my-6 flex items-center gap-3 text-sm text-gray-700 sm:hidden" aria-hidden>
      <span className="h-px flex-1 bg-gray-300" />
      {t("auth.phone.orEmail")}
      <span className="h-px flex-1 bg-gray-300" />
    </p>
  );
}

/** Which panel shows: the one chosen, the phone one while its steps are under way, else by width (null). */
export function activeSignInMethod(param: string | null, phoneStep: PhoneStepData | undefined): "phone" | "email" | null {
  if (phoneStep) return "phone";
  if (param === "phone" || param === "email") return param;
  return null;
}

/** The classes of each panel for the active method (null: phone first then email below 640 px, email alone above). */
export function panelClasses(active: "phone" | "email" | null): { phone: string; email: string } {
  if (active === "phone") return { phone: "", email: "hidden" };
  if (active === "email") return { phone: "hidden", email: "" };
  return { phone: "sm:hidden", email: "" };
}

/** The field for a code sent to a phone (sign-in, the profile's number, deleting a passwordless account). */
export function PhoneCodeField({ error }: { error?: string }) {
  const t = useT();
  return (
    <Field
      label={t("auth.phone.codeLabel", { digits: PHONE_CODE_LENGTH })}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={PHONE_CODE_LENGTH + 2}
      required
      error={error}
    />
  );
}
