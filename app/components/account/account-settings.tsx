import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  ACCOUNT_MESSAGES,
  EXPORT_FILE_NAME,
  checkAddEmailForm,
  checkChangeEmailForm,
  checkChangePasswordForm,
  checkDeleteAccountForm,
  checkProfileForm,
  type DeletionCheck,
} from "#common/account.ts";
import { formatShortDate } from "#common/dates.ts";
import { formatIndianPhone } from "#common/india.ts";
import { checkCodeForm, checkCodeRequestForm, checkDeletionCodeForm } from "#common/phone-sign-in.ts";
import type { OrderStatus } from "#common/orders.ts";
import type { Checked } from "#common/forms.ts";
import type { TwoFactorSetupView } from "#common/two-factor.ts";
import { focusFirstInvalid } from "~/components/auth/auth-card";
import { PhoneCodeField } from "~/components/auth/phone-sign-in";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { Field } from "~/components/ui/field";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { useReplyErrors, useReplyText } from "~/lib/api-sentences";

/** The profile's account forms; each posts to the profile's action with its `intent`. */
export type AccountIntent =
  | "profile"
  | "email"
  | "password"
  | "resend-verification"
  | "logout-all"
  | "delete"
  | "2fa-setup"
  | "2fa-enable"
  | "2fa-disable"
  | "phone-code"
  | "phone-verify"
  | "deletion-code"
  | "whatsapp";

export interface AccountActionData {
  intent: AccountIntent;
  ok: boolean;
  message: string | null;
  errors: Record<string, string>;
  /** Changes on every answer, so a form that succeeded is emptied (its key). */
  at: number;
  /** After a code went to a number (decisions/050): the number and the seconds before a new code. */
  phoneCode?: { phone: string; resendAfter: number };
  /** Two-factor set-up started (or a refused first code): what to scan and save (decisions/051). */
  twoFactorSetup?: TwoFactorSetupView;
}

export interface AccountDetails {
  name: string;
  /** Null for an account made by phone that has not added one (decisions/050). */
  email: string | null;
  phone: string | null;
  phoneVerified: boolean;
  emailVerified: boolean;
  /** False for an account made by phone: no password to change, and deletion is confirmed by a code (decisions/053). */
  hasPassword: boolean;
}

export const SECTION = "mt-6 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm";
export const BUTTON = "rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70";
export const SECONDARY = "rounded-md border border-gray-400 bg-white px-5 py-2.5 font-semibold text-gray-900 hover:bg-gray-50";
export const DANGER = "rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70";

/** The answer to one form, beside it: a status for success, an alert for a refusal. */
export function Outcome({ data, intent }: { data: AccountActionData | undefined; intent: AccountIntent }) {
  const mine = data?.intent === intent ? data : undefined;
  const text = useReplyText();
  return (
    <div aria-live="polite">
      {mine?.message ? (
        <p
          role={mine.ok ? "status" : "alert"}
          className={`mt-4 rounded-md border px-4 py-3 ${mine.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {text(mine.message)}
        </p>
      ) : null}
    </div>
  );
}

/** Client-side errors from the shared rule, then the server's for this form. */
export function useFormErrors(data: AccountActionData | undefined, intent: AccountIntent, check: (values: Record<string, unknown>) => Checked<unknown>) {
  const [local, setLocal] = useState<Record<string, string> | null>(null);
  const server = data?.intent === intent ? data.errors : {};
  const errors = useReplyErrors()(local ?? server);
  function validate(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = check(Object.fromEntries(new FormData(form)));
    if (parsed.ok) return setLocal(null);
    event.preventDefault();
    setLocal(parsed.errors);
    focusFirstInvalid(form, parsed.errors);
  }
  return { errors, validate };
}

export function useBusy(intent: AccountIntent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function IntentField({ intent }: { intent: AccountIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export function VerifyEmailNotice({ data }: { data: AccountActionData | undefined }) {
  const busy = useBusy("resend-verification");
  const t = useT();
  return (
    <section aria-labelledby="verify-email-heading" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6">
      <h2 id="verify-email-heading" className="text-lg font-semibold text-gray-900">
        {t("auth.verify.title")}
      </h2>
      <p className="mt-2 text-gray-800">{t("account.verifyNotice")}</p>
      <Form method="post" className="mt-4">
        <IntentField intent="resend-verification" />
        <button type="submit" disabled={busy} className={SECONDARY}>
          {busy ? t("auth.sending") : t("account.resendVerification")}
        </button>
      </Form>
      <Outcome data={data} intent="resend-verification" />
    </section>
  );
}

export function AccountSettings({ account, data, deletion }: { account: AccountDetails; data: AccountActionData | undefined; deletion: DeletionCheck }) {
  return (
    <div className="grid gap-x-6 lg:grid-cols-2">
      <DetailsForm account={account} data={data} />
      <PhoneForm account={account} data={data} />
      <EmailForm account={account} data={data} />
      {account.hasPassword ? <PasswordForm data={data} /> : <NoPassword />}
      <DevicesForm />
      <YourData account={account} data={data} deletion={deletion} />
    </div>
  );
}

function DetailsForm({ account, data }: { account: AccountDetails; data: AccountActionData | undefined }) {
  const { errors, validate } = useFormErrors(data, "profile", checkProfileForm);
  const busy = useBusy("profile");
  const t = useT();
  return (
    <section aria-labelledby="details-heading" className={SECTION}>
      <h2 id="details-heading" className="text-lg font-semibold text-gray-900">
        {t("account.details.title")}
      </h2>
      <Form method="post" noValidate onSubmit={validate} className="mt-4 space-y-4">
        <IntentField intent="profile" />
        <Field label={t("auth.name")} name="name" autoComplete="name" required defaultValue={account.name} error={errors.name} />
        <Field
          label={t("account.details.phone")}
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          defaultValue={account.phone ?? ""}
          error={errors.phone}
        />
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? t("auth.saving") : t("account.details.save")}
        </button>
      </Form>
      <Outcome data={data} intent="profile" />
    </section>
  );
}

/**
 * The account's verified mobile number (decisions/050): a number becomes verified only with the
 * code sent to it; a verified number signs the account in by code and fills the checkout's phone.
 */
function PhoneForm({ account, data }: { account: AccountDetails; data: AccountActionData | undefined }) {
  const sending = useBusy("phone-code");
  const verifying = useBusy("phone-verify");
  const codeStep = (data?.intent === "phone-code" && data.ok) || (data?.intent === "phone-verify" && !data.ok) ? data.phoneCode : undefined;
  const requestErrors = useFormErrors(data, "phone-code", checkCodeRequestForm);
  const codeErrors = useFormErrors(data, "phone-verify", checkCodeForm);
  const outcome = data?.intent === "phone-verify" ? "phone-verify" : "phone-code";
  const t = useT();
  return (
    <section aria-labelledby="phone-heading" className={SECTION}>
      <h2 id="phone-heading" className="text-lg font-semibold text-gray-900">
        {t("auth.phone.mobile")}
      </h2>
      <p className="mt-2 text-gray-800" data-testid="phone-status">
        {account.phone ? (
          <>
            {t("account.now")} <strong>+91 {formatIndianPhone(account.phone)}</strong>{" "}
            {account.phoneVerified ? t("account.phone.verifiedSignIn") : t("account.notVerified")}
          </>
        ) : (
          t("account.phone.none")
        )}
      </p>
      {codeStep ? (
        <Form method="post" noValidate onSubmit={codeErrors.validate} className="mt-4 space-y-4">
          <IntentField intent="phone-verify" />
          <input type="hidden" name="phone" value={codeStep.phone} />
          <p className="text-gray-800">
            {t("account.codeSentTo")} <strong>+91 {formatIndianPhone(codeStep.phone)}</strong>{t("auth.phone.sentToEnd")}
          </p>
          <PhoneCodeField error={codeErrors.errors.code} />
          <button type="submit" disabled={verifying} className={BUTTON}>
            {verifying ? t("auth.checking") : t("account.phone.verify")}
          </button>
        </Form>
      ) : (
        <Form method="post" noValidate onSubmit={requestErrors.validate} className="mt-4 space-y-4">
          <IntentField intent="phone-code" />
          <Field
            label={account.phoneVerified ? t("account.phone.new") : t("auth.phone.mobile")}
            name="phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            required
            defaultValue={account.phoneVerified ? "" : (account.phone ?? "")}
            error={requestErrors.errors.phone}
          />
          <button type="submit" disabled={sending} className={BUTTON}>
            {sending ? t("auth.phone.sending") : account.phoneVerified ? t("auth.phone.change") : t("account.phone.verifyWithCode")}
          </button>
        </Form>
      )}
      <Outcome data={data} intent={outcome} />
    </section>
  );
}

function EmailForm({ account, data }: { account: AccountDetails; data: AccountActionData | undefined }) {
  const { errors, validate } = useFormErrors(data, "email", account.email === null ? checkAddEmailForm : checkChangeEmailForm);
  const busy = useBusy("email");
  const done = data?.intent === "email" && data.ok;
  const t = useT();
  return (
    <section aria-labelledby="email-heading" className={SECTION}>
      <h2 id="email-heading" className="text-lg font-semibold text-gray-900">
        {t("account.email.title")}
      </h2>
      {account.email === null ? (
        <p className="mt-2 text-gray-800">{t("account.email.none")}</p>
      ) : (
        <p className="mt-2 text-gray-800">
          {/* Only the address may break anywhere (a long one must); the words around it stay whole. */}
          {t("account.now")} <strong className="wrap-anywhere">{account.email}</strong> {account.emailVerified ? t("account.verified") : t("account.email.notYet")}
        </p>
      )}
      <Form key={done ? data.at : "email"} method="post" noValidate onSubmit={validate} className="mt-4 space-y-4">
        <IntentField intent="email" />
        <Field
          label={account.email === null ? t("auth.email") : t("account.email.new")}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email}
        />
        {account.email === null ? null : (
          <Field label={t("account.yourPassword")} name="password" type="password" autoComplete="current-password" required error={errors.password} />
        )}
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? t("auth.sending") : account.email === null ? t("account.email.add") : t("account.email.change")}
        </button>
      </Form>
      <Outcome data={data} intent="email" />
    </section>
  );
}

function PasswordForm({ data }: { data: AccountActionData | undefined }) {
  const { errors, validate } = useFormErrors(data, "password", checkChangePasswordForm);
  const busy = useBusy("password");
  const done = data?.intent === "password" && data.ok;
  const t = useT();
  return (
    <section aria-labelledby="password-heading" className={SECTION}>
      <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
        {t("auth.password")}
      </h2>
      <Form key={done ? data.at : "password"} method="post" noValidate onSubmit={validate} className="mt-4 space-y-4">
        <IntentField intent="password" />
        <Field label={t("account.password.current")} name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
        <Field label={t("auth.newPassword")} name="password" type="password" autoComplete="new-password" required error={errors.password} />
        <Field label={t("auth.confirmNewPassword")} name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? t("auth.saving") : t("account.password.change")}
        </button>
      </Form>
      <Outcome data={data} intent="password" />
    </section>
  );
}

/** An account made by phone has no password to change (decisions/053): how it signs in instead. */
function NoPassword() {
  const t = useT();
  const text = useReplyText();
  return (
    <section aria-labelledby="password-heading" className={SECTION}>
      <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
        {t("auth.password")}
      </h2>
      <p className="mt-2 text-gray-800" data-testid="no-password">
        {text(ACCOUNT_MESSAGES.noPassword)}
      </p>
    </section>
  );
}

function DevicesForm() {
  const busy = useBusy("logout-all");
  const t = useT();
  return (
    <section aria-labelledby="devices-heading" className={SECTION}>
      <h2 id="devices-heading" className="text-lg font-semibold text-gray-900">
        {t("account.devices.title")}
      </h2>
      <p className="mt-2 text-gray-800">{t("account.devices.text")}</p>
      <Form method="post" className="mt-4">
        <IntentField intent="logout-all" />
        <button type="submit" disabled={busy} className={SECONDARY}>
          {busy ? t("account.devices.signingOut") : t("account.devices.submit")}
        </button>
      </Form>
    </section>
  );
}

/**
 * "Download my data" and account deletion. Deleting asks for the password — or, for an account
 * without one, a code sent to its verified number ("Send a code", then the code; decisions/053);
 * with JavaScript a confirmation dialog (a native modal `<dialog>`: focus kept inside, Escape
 * closes) comes first.
 */
function YourData({ account, data, deletion }: { account: AccountDetails; data: AccountActionData | undefined; deletion: DeletionCheck }) {
  const { errors, validate } = useFormErrors(data, "delete", account.hasPassword ? checkDeleteAccountForm : checkDeletionCodeForm);
  const busy = useBusy("delete");
  const sending = useBusy("deletion-code");
  // The code field shows once a code went out, and stays after a refused code.
  const codeStep = (data?.intent === "deletion-code" && data.ok) || (data?.intent === "delete" && !data.ok);
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const t = useT();
  const lp = useLocalePath();
  const text = useReplyText();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    validate(event);
    if (event.defaultPrevented || !hydrated || confirmed.current) return;
    event.preventDefault();
    dialog.current?.showModal();
  }

  function confirm() {
    confirmed.current = true;
    dialog.current?.close();
    form.current?.requestSubmit();
    confirmed.current = false;
  }

  return (
    <section aria-labelledby="your-data-heading" className={`${SECTION} lg:col-span-2`}>
      <h2 id="your-data-heading" className="text-lg font-semibold text-gray-900">
        {t("account.data.title")}
      </h2>
      <p className="mt-2 text-gray-800">{t("account.data.text")}</p>
      <a href="/api/users/me/export" download={EXPORT_FILE_NAME} className={`${SECONDARY} mt-4 inline-block`}>
        {t("account.data.download")}
      </a>

      <h3 className="mt-8 font-semibold text-gray-900">{t("account.delete.title")}</h3>
      <p className="mt-2 text-gray-800">
        {t("account.delete.text")}{" "}
        <a href={`${lp("/privacy")}#what-we-keep`} className="font-medium text-brand-800 underline">
          {t("account.delete.privacy")}
        </a>
        {t("account.delete.textEnd")}
      </p>
      {deletion.openOrders.length ? (
        <OpenOrdersNotice openOrders={deletion.openOrders} />
      ) : (
        <>
          {deletion.returnable.length ? <ReturnableNotice returnable={deletion.returnable} /> : null}
          {account.hasPassword || codeStep ? (
            <Form ref={form} method="post" noValidate onSubmit={onSubmit} className="mt-4 max-w-md space-y-4">
              <IntentField intent="delete" />
              {account.hasPassword ? (
                <Field label={t("account.yourPassword")} name="password" type="password" autoComplete="current-password" required error={errors.password} />
              ) : (
                <>
                  <p className="text-gray-800">
                    {t("account.codeSentTo")} <strong>+91 {formatIndianPhone(account.phone ?? "")}</strong>{t("auth.phone.sentToEnd")}
                  </p>
                  <PhoneCodeField error={errors.code} />
                </>
              )}
              <button type="submit" disabled={busy} className={DANGER}>
                {busy ? t("account.delete.deleting") : t("account.delete.title")}
              </button>
            </Form>
          ) : account.phone && account.phoneVerified ? (
            <Form method="post" className="mt-4 max-w-md space-y-4">
              <IntentField intent="deletion-code" />
              <p className="text-gray-800">
                {t("account.delete.noPasswordCode")} <strong>+91 {formatIndianPhone(account.phone)}</strong>{t("auth.phone.sentToEnd")}
              </p>
              <button type="submit" disabled={sending} className={SECONDARY}>
                {sending ? t("auth.phone.sending") : t("account.delete.sendCode")}
              </button>
            </Form>
          ) : (
            <p className="mt-4 text-gray-800">{text(ACCOUNT_MESSAGES.deleteNeedsVerifiedPhone)}{t("auth.phone.sentToEnd")}</p>
          )}
        </>
      )}
      <Outcome data={data} intent={data?.intent === "deletion-code" ? "deletion-code" : "delete"} />
      <dialog
        ref={dialog}
        aria-labelledby="delete-dialog-heading"
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-black/50"
      >
        <h2 id="delete-dialog-heading" className="text-lg font-semibold text-gray-900">
          {t("account.delete.dialogTitle")}
        </h2>
        <p className="mt-2 text-gray-800">{t("account.delete.dialogText")}</p>
        {deletion.returnable.length ? (
          <p className="mt-2 text-gray-800">
            {t("account.delete.dialogReturnable", {
              orders: deletion.returnable.map((order) => order.orderNumber).join(", "),
              count: deletion.returnable.length,
            })}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" autoFocus onClick={() => dialog.current?.close()} className={SECONDARY}>
            {t("account.cancel")}
          </button>
          <button type="button" onClick={confirm} className={DANGER}>
            {t("account.delete.confirm")}
          </button>
        </div>
      </dialog>
    </section>
  );
}

/** An open order's state in the page's language (the same words as the order pages). */
const ORDER_STATES: Record<OrderStatus, string> = {
  Pending: "account.status.pending",
  Processing: "account.status.processing",
  Shipped: "account.status.shipped",
  Delivered: "account.status.delivered",
  Cancelled: "account.status.cancelled",
};

function OrderState({ status }: { status: OrderStatus }) {
  const t = useT();
  return <>{t(ORDER_STATES[status])}</>;
}

const NOTICE = "mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-gray-900";

/** Deletion waits (decisions/047): the orders that still need the account, each linked, and why. */
function OpenOrdersNotice({ openOrders }: { openOrders: DeletionCheck["openOrders"] }) {
  const t = useT();
  const lp = useLocalePath();
  const count = openOrders.length;
  return (
    <div role="note" aria-labelledby="delete-wait-heading" className={NOTICE} data-testid="delete-wait">
      <h4 id="delete-wait-heading" className="font-semibold">
        {t("account.wait.title")}
      </h4>
      <p className="mt-1">{t("account.wait.text", { count })}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {openOrders.map((order) => (
          <li key={order.id}>
            <Link to={lp(`/order/${encodeURIComponent(order.id)}`)} className="font-medium whitespace-nowrap text-brand-800 underline">
              {order.orderNumber}
            </Link>{" "}
            · {order.returnPending ? t("account.wait.returnRequested") : <OrderState status={order.status} />}
          </li>
        ))}
      </ul>
      <p className="mt-2">{t("account.wait.comeBack", { count })}</p>
    </div>
  );
}

/** Deletion is allowed, but a delivered order can still be returned: say what is given up. */
function ReturnableNotice({ returnable }: { returnable: DeletionCheck["returnable"] }) {
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  return (
    <div className={NOTICE} data-testid="delete-returnable">
      <p>{t("account.returnable.before")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {returnable.map((order) => (
          <li key={order.id}>
            <Link to={lp(`/order/${encodeURIComponent(order.id)}`)} className="font-medium whitespace-nowrap text-brand-800 underline">
              {order.orderNumber}
            </Link>{" "}
            {t("account.returnable.until", { date: formatShortDate(order.returnUntil, language) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
