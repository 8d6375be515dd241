import { LogOut, Mail, Smartphone, UserRound } from "lucide-react";
import { formatIndianPhone } from "#common/india.ts";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { checkAddEmailForm, checkChangeEmailForm, checkChangePasswordForm, checkDeleteAccountForm, checkProfileForm } from "#common/account.ts";
import { AccountSettings, VerifyEmailNotice, type AccountActionData, type AccountIntent } from "~/components/account/account-settings";
import { NOINDEX } from "~/components/auth/auth-card";
import { MyOrders, toMyOrderRow } from "~/components/auth/my-orders";
import { checkCodeForm, checkCodeRequestForm, checkDeletionCodeForm } from "#common/phone-sign-in.ts";
import { localePath, metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { accountPageTexts, apiSources } from "~/lib/api-sentences.server";
import type { Route } from "./+types/profile";
import { accountActions, loadProfile, signOutHeaders, twoFactorSetupView } from "./profile.server";
import { TwoFactorSettings } from "~/components/account/two-factor-settings";
import { WhatsAppSettings } from "~/components/account/whatsapp-settings";
import { whatsappFormChoice } from "#common/whatsapp.ts";
import { checkTwoFactorDisableForm, checkTwoFactorEnableForm, checkTwoFactorSetupForm } from "#common/two-factor.ts";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("account.profile.title"), t("account.profile.metaDescription")), NOINDEX];
};

/** To the login (in the page's language), coming back here after it. */
function signInFirst(request: Request): string {
  const language = requestLanguage(request);
  return `${localePath("/login", language)}?redirect=${localePath("/profile", language)}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const SIGN_IN_FIRST = signInFirst(request);
  if (!context.user) throw redirect(SIGN_IN_FIRST);
  // "Show expired attempts": checkouts that ended unpaid, hidden by default (decisions/024).
  const showingExpired = new URL(request.url).searchParams.get("include") === "expired";
  const found = await loadProfile(context, context.user.id, { includeExpired: showingExpired });
  if (!found) throw redirect(SIGN_IN_FIRST);
  const { profile, orders, deletion, twoFactor, hasPassword } = found;
  const account = {
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    phoneVerified: profile.phoneVerified,
    emailVerified: profile.emailVerified,
    hasPassword,
    whatsappUpdates: profile.whatsappUpdates,
    whatsappUpdatesAt: profile.whatsappUpdatesAt,
  };
  return {
    profile: { name: profile.name, email: profile.email },
    account,
    orders: orders.map(toMyOrderRow),
    showingExpired,
    deletion,
    twoFactor,
    // My Orders, its Complete payment and Buy again read the orders' texts and their API sentences; the account's parts the replies'.
    ...accountPageTexts(request, "account", "auth", "orders"),
    apiSources: apiSources(request, "replies.", "orders.api.", "checkout.api."),
  };
}

/**
 * Logout (no `intent`): the session is revoked on the server, its cookie and the guest cart cookie
 * cleared, then on to /login. The account's forms (issue 16) post here with their `intent`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (typeof intent !== "string" || intent === "logout") throw redirect(localePath("/login", requestLanguage(request)), { headers: await signOutHeaders(request, context) });
  return accountAction(request, context, intent, form);
}

/** One account form: checked with the shared rule, then the same use case and reply as its /api/users call. */
async function accountAction(request: Request, context: Route.ActionArgs["context"], intent: string, form: FormData) {
  if (!context.user) throw redirect(signInFirst(request));
  const values = Object.fromEntries(form);
  const answer = (
    known: AccountIntent,
    reply: { status: number; message: string | null; errors?: Record<string, string>; headers?: HeadersInit },
    extra: Pick<AccountActionData, "twoFactorSetup"> & { headers?: Headers } = {},
  ) => {
    const headers = new Headers(reply.headers);
    for (const cookie of extra.headers?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
    return data<AccountActionData>(
      { intent: known, ok: reply.status < 300, message: reply.message, errors: reply.errors ?? {}, at: Date.now(), twoFactorSetup: extra.twoFactorSetup },
      { status: reply.status, headers },
    );
  };
  const invalid = (known: AccountIntent, errors: Record<string, string>) => answer(known, { status: 400, message: null, errors });
  switch (intent) {
    case "profile": {
      const parsed = checkProfileForm(values);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      return answer(intent, (await accountActions.profile(request, context, parsed.data)).reply);
    }
    case "whatsapp":
      return answer(intent, (await accountActions.whatsapp(request, context, whatsappFormChoice(values))).reply);
    case "phone-code": {
      const parsed = checkCodeRequestForm(values);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      const outcome = await accountActions.phoneCode(request, context, parsed.data);
      return data<AccountActionData>(
        { intent, ok: outcome.reply.status < 300, message: outcome.reply.message, errors: outcome.reply.errors ?? {}, at: Date.now(), ...(outcome.sent ? { phoneCode: outcome.sent } : {}) },
        { status: outcome.reply.status, headers: outcome.reply.headers },
      );
    }
    case "phone-verify": {
      const parsed = checkCodeForm(values);
      const step = { phoneCode: { phone: parsed.ok ? parsed.data.phone : String(values.phone ?? ""), resendAfter: 0 } };
      if (!parsed.ok) return data<AccountActionData>({ intent, ok: false, message: null, errors: parsed.errors, at: Date.now(), ...step }, { status: 400 });
      const outcome = await accountActions.phoneVerify(request, context, parsed.data);
      return data<AccountActionData>(
        { intent, ok: outcome.reply.status < 300, message: outcome.reply.message, errors: outcome.reply.errors ?? {}, at: Date.now(), ...step },
        { status: outcome.reply.status, headers: outcome.reply.headers },
      );
    }
    case "email": {
      // An account made by phone adds its first email without a password (it has none); the server decides which.
      const parsed = "password" in values ? checkChangeEmailForm(values) : checkAddEmailForm(values);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      return answer(intent, (await accountActions.email(request, context, { password: "", ...parsed.data })).reply);
    }
    case "password": {
      const parsed = checkChangePasswordForm(values);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      return answer(intent, (await accountActions.password(request, context, parsed.data)).reply);
    }
    case "resend-verification":
      return answer(intent, (await accountActions.resendVerification(request, context)).reply);
    case "logout-all":
      throw redirect(localePath("/login", requestLanguage(request)), { headers: (await accountActions.signOutEverywhere(request, context)).headers });
    case "deletion-code":
      return answer(intent, (await accountActions.deletionCode(request, context)).reply);
    case "delete": {
      // An account without a password confirms with the code sent to its number (decisions/053); the server decides which it needs.
      const parsed = "code" in values ? checkDeletionCodeForm(values) : checkDeleteAccountForm(values);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      const outcome = await accountActions.deleteAccount(request, context, parsed.data);
      if (outcome.reply.status < 300) throw redirect(localePath("/", requestLanguage(request)), { headers: outcome.headers });
      return answer(intent, outcome.reply);
    }
    case "2fa-setup": {
      const parsed = checkTwoFactorSetupForm(values);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      const outcome = await accountActions.twoFactorSetup(request, context, parsed.data);
      return answer(intent, outcome.reply, { twoFactorSetup: outcome.twoFactorSetup });
    }
    case "2fa-enable": {
      // A refused code keeps the set-up on the page (its URI and codes come back from the form's hidden fields).
      const setup = setupFromForm(form);
      const parsed = checkTwoFactorEnableForm(values);
      if (!parsed.ok) return answer(intent, { status: 400, message: null, errors: parsed.errors }, { twoFactorSetup: setup });
      const outcome = await accountActions.twoFactorEnable(request, context, parsed.data);
      return answer(intent, outcome.reply, { headers: outcome.headers, twoFactorSetup: outcome.reply.status < 300 ? undefined : setup });
    }
    case "2fa-disable": {
      const parsed = checkTwoFactorDisableForm(values);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      const outcome = await accountActions.twoFactorDisable(request, context, parsed.data);
      return answer(intent, outcome.reply, { headers: outcome.headers });
    }
    default:
      throw data("Unknown form", { status: 400 });
  }
}

/** The set-up shown again after a refused code: the URI and backup codes the page had, if they are what a set-up makes. */
function setupFromForm(form: FormData) {
  const uri = form.get("otpauthUri");
  const codes = form.get("backupCodes");
  if (typeof uri !== "string" || typeof codes !== "string" || uri.length > 600 || !uri.startsWith("otpauth://totp/")) return undefined;
  const backupCodes = codes.split(" ").filter(Boolean);
  if (backupCodes.length > 10 || !backupCodes.every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code))) return undefined;
  return twoFactorSetupView(uri, backupCodes);
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, account, orders, showingExpired } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === lp("/profile") && !navigation.formData?.has("intent");
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold text-gray-900">{t("account.profile.title")}</h1>
      <section
        aria-label={t("account.profile.account")}
        className="mt-6 flex flex-col gap-5 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex items-center gap-4">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <UserRound className="h-7 w-7" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-xl font-semibold break-words text-gray-900">{profile.name}</p>
            <p className="mt-1 flex items-center gap-2 text-gray-700">
              <Mail className="h-4 w-4 shrink-0" aria-hidden />
              <span className="min-w-0 wrap-anywhere">{profile.email ?? t("account.profile.noEmail")}</span>
            </p>
            {account.phone ? (
              <p className="mt-1 flex items-center gap-2 text-gray-700">
                <Smartphone className="h-4 w-4 shrink-0" aria-hidden />
                <span>
                  +91 {formatIndianPhone(account.phone)} {account.phoneVerified ? t("account.verified") : t("account.notVerified")}
                </span>
              </p>
            ) : null}
          </div>
        </div>
        <Form method="post">
          <button
            type="submit"
            disabled={loggingOut}
            className="inline-flex w-full items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70 sm:w-auto"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            {loggingOut ? t("account.profile.loggingOut") : t("account.profile.logout")}
          </button>
        </Form>
      </section>
      {account.emailVerified || account.email === null ? null : <VerifyEmailNotice data={actionData} />}
      <p className="mt-6">
        <Link to={lp("/profile/prescriptions")} className="font-semibold text-brand-800 underline hover:text-brand-900">
          {t("account.prescriptions.title")}
        </Link>
        <span className="text-gray-700">{t("account.profile.prescriptionsHint")}</span>
      </p>
      <p className="mt-4">
        <Link to={lp("/profile/addresses")} className="font-semibold text-brand-800 underline hover:text-brand-900">
          {t("account.addresses.title")}
        </Link>
        <span className="text-gray-700">{t("account.profile.addressesHint")}</span>
      </p>
      <p className="mt-4">
        <Link to={lp("/profile/refills")} className="font-semibold text-brand-800 underline hover:text-brand-900">
          {t("account.refills.title")}
        </Link>
        <span className="text-gray-700">{t("account.profile.refillsHint")}</span>
      </p>
      <MyOrders orders={orders} showingExpired={showingExpired} />
      <TwoFactorSettings status={loaderData.twoFactor} data={actionData} hasPassword={account.hasPassword} />
      <WhatsAppSettings account={account} data={actionData} />
      <AccountSettings account={account} data={actionData} deletion={loaderData.deletion} />
    </main>
  );
}
