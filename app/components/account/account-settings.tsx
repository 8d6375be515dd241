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
import { orderStateLabel } from "#common/orders.ts";
import type { Checked } from "#common/forms.ts";
import type { TwoFactorSetupView } from "#common/two-factor.ts";
import { focusFirstInvalid } from "~/components/auth/auth-card";
import { PhoneCodeField } from "~/components/auth/phone-sign-in";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { Field } from "~/components/ui/field";

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
  return (
    <div aria-live="polite">
      {mine?.message ? (
        <p
          role={mine.ok ? "status" : "alert"}
          className={`mt-4 rounded-md border px-4 py-3 ${mine.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {mine.message}
        </p>
      ) : null}
    </div>
  );
}

/** Client-side errors from the shared rule, then the server's for this form. */
export function useFormErrors(data: AccountActionData | undefined, intent: AccountIntent, check: (values: Record<string, unknown>) => Checked<unknown>) {
  const [local, setLocal] = useState<Record<string, string> | null>(null);
  const server = data?.intent === intent ? data.errors : {};
  const errors = local ?? server;
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
  return (
    <section aria-labelledby="verify-email-heading" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6">
      <h2 id="verify-email-heading" className="text-lg font-semibold text-gray-900">
        Verify your email
      </h2>
      <p className="mt-2 text-gray-800">
        We sent a link to your email address when you registered. Open it to confirm the address is yours. You can shop in
        the meantime.
      </p>
      <Form method="post" className="mt-4">
        <IntentField intent="resend-verification" />
        <button type="submit" disabled={busy} className={SECONDARY}>
          {busy ? "Sending..." : "Resend verification email"}
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
  return (
    <section aria-labelledby="details-heading" className={SECTION}>
      <h2 id="details-heading" className="text-lg font-semibold text-gray-900">
        Your details
      </h2>
      <Form method="post" noValidate onSubmit={validate} className="mt-4 space-y-4">
        <IntentField intent="profile" />
        <Field label="Name" name="name" autoComplete="name" required defaultValue={account.name} error={errors.name} />
        <Field
          label="Mobile number (optional)"
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          defaultValue={account.phone ?? ""}
          error={errors.phone}
        />
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? "Saving..." : "Save details"}
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
  return (
    <section aria-labelledby="phone-heading" className={SECTION}>
      <h2 id="phone-heading" className="text-lg font-semibold text-gray-900">
        Mobile number
      </h2>
      <p className="mt-2 text-gray-800" data-testid="phone-status">
        {account.phone ? (
          <>
            Now: <strong>+91 {formatIndianPhone(account.phone)}</strong>{" "}
            {account.phoneVerified ? "(verified: you can sign in with it)" : "(not verified)"}
          </>
        ) : (
          "No mobile number yet. Add one to sign in with a code and fill it in at checkout."
        )}
      </p>
      {codeStep ? (
        <Form method="post" noValidate onSubmit={codeErrors.validate} className="mt-4 space-y-4">
          <IntentField intent="phone-verify" />
          <input type="hidden" name="phone" value={codeStep.phone} />
          <p className="text-gray-800">
            Enter the code we sent to <strong>+91 {formatIndianPhone(codeStep.phone)}</strong>.
          </p>
          <PhoneCodeField error={codeErrors.errors.code} />
          <button type="submit" disabled={verifying} className={BUTTON}>
            {verifying ? "Checking..." : "Verify number"}
          </button>
        </Form>
      ) : (
        <Form method="post" noValidate onSubmit={requestErrors.validate} className="mt-4 space-y-4">
          <IntentField intent="phone-code" />
          <Field
            label={account.phoneVerified ? "New mobile number" : "Mobile number"}
            name="phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            required
            defaultValue={account.phoneVerified ? "" : (account.phone ?? "")}
            error={requestErrors.errors.phone}
          />
          <button type="submit" disabled={sending} className={BUTTON}>
            {sending ? "Sending code..." : account.phoneVerified ? "Change number" : "Verify with a code"}
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
  return (
    <section aria-labelledby="email-heading" className={SECTION}>
      <h2 id="email-heading" className="text-lg font-semibold text-gray-900">
        Email address
      </h2>
      {account.email === null ? (
        <p className="mt-2 text-gray-800">You have not added an email yet. Add one to get order updates and invoices by email.</p>
      ) : (
        <p className="mt-2 text-gray-800">
          {/* Only the address may break anywhere (a long one must); the words around it stay whole. */}
          Now: <strong className="wrap-anywhere">{account.email}</strong> {account.emailVerified ? "(verified)" : "(not verified yet)"}
        </p>
      )}
      <Form key={done ? data.at : "email"} method="post" noValidate onSubmit={validate} className="mt-4 space-y-4">
        <IntentField intent="email" />
        <Field
          label={account.email === null ? "Email" : "New email"}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email}
        />
        {account.email === null ? null : (
          <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        )}
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? "Sending..." : account.email === null ? "Add email" : "Change email"}
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
  return (
    <section aria-labelledby="password-heading" className={SECTION}>
      <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
        Password
      </h2>
      <Form key={done ? data.at : "password"} method="post" noValidate onSubmit={validate} className="mt-4 space-y-4">
        <IntentField intent="password" />
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
        <Field label="New password" name="password" type="password" autoComplete="new-password" required error={errors.password} />
        <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? "Saving..." : "Change password"}
        </button>
      </Form>
      <Outcome data={data} intent="password" />
    </section>
  );
}

/** An account made by phone has no password to change (decisions/053): how it signs in instead. */
function NoPassword() {
  return (
    <section aria-labelledby="password-heading" className={SECTION}>
      <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
        Password
      </h2>
      <p className="mt-2 text-gray-800" data-testid="no-password">
        {ACCOUNT_MESSAGES.noPassword}
      </p>
    </section>
  );
}

function DevicesForm() {
  const busy = useBusy("logout-all");
  return (
    <section aria-labelledby="devices-heading" className={SECTION}>
      <h2 id="devices-heading" className="text-lg font-semibold text-gray-900">
        Devices
      </h2>
      <p className="mt-2 text-gray-800">Signed in on a phone or computer you no longer use? Sign out everywhere, this device too.</p>
      <Form method="post" className="mt-4">
        <IntentField intent="logout-all" />
        <button type="submit" disabled={busy} className={SECONDARY}>
          {busy ? "Signing out..." : "Sign out of all devices"}
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
        Your data
      </h2>
      <p className="mt-2 text-gray-800">
        Download everything we hold about you: your profile, addresses, orders, reviews, newsletter subscription and the
        details of your prescriptions, as one JSON file.
      </p>
      <a href="/api/users/me/export" download={EXPORT_FILE_NAME} className={`${SECONDARY} mt-4 inline-block`}>
        Download my data
      </a>

      <h3 className="mt-8 font-semibold text-gray-900">Delete my account</h3>
      <p className="mt-2 text-gray-800">
        Your name, email, phone, password, addresses, cart and newsletter subscription are erased and your reviews are shown
        as "Former customer". Orders, tax invoices and prescription records are kept without your profile, as the law
        requires (see our{" "}
        <a href="/privacy#what-we-keep" className="font-medium text-brand-800 underline">
          Privacy Policy
        </a>
        ). This cannot be undone.
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
                <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
              ) : (
                <>
                  <p className="text-gray-800">
                    Enter the code we sent to <strong>+91 {formatIndianPhone(account.phone ?? "")}</strong>.
                  </p>
                  <PhoneCodeField error={errors.code} />
                </>
              )}
              <button type="submit" disabled={busy} className={DANGER}>
                {busy ? "Deleting..." : "Delete my account"}
              </button>
            </Form>
          ) : account.phone && account.phoneVerified ? (
            <Form method="post" className="mt-4 max-w-md space-y-4">
              <IntentField intent="deletion-code" />
              <p className="text-gray-800">
                Your account has no password: to confirm, we send a code to <strong>+91 {formatIndianPhone(account.phone)}</strong>.
              </p>
              <button type="submit" disabled={sending} className={SECONDARY}>
                {sending ? "Sending code..." : "Send a code"}
              </button>
            </Form>
          ) : (
            <p className="mt-4 text-gray-800">{ACCOUNT_MESSAGES.deleteNeedsVerifiedPhone}.</p>
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
          Delete your account?
        </h2>
        <p className="mt-2 text-gray-800">Your account and personal data will be erased. This cannot be undone.</p>
        {deletion.returnable.length ? (
          <p className="mt-2 text-gray-800">
            You will no longer be able to ask for a return of {deletion.returnable.map((order) => order.orderNumber).join(", ")} or download{" "}
            {deletion.returnable.length === 1 ? "its invoice" : "their invoices"} here.
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" autoFocus onClick={() => dialog.current?.close()} className={SECONDARY}>
            Cancel
          </button>
          <button type="button" onClick={confirm} className={DANGER}>
            Delete account
          </button>
        </div>
      </dialog>
    </section>
  );
}

const NOTICE = "mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-gray-900";

/** Deletion waits (decisions/047): the orders that still need the account, each linked, and why. */
function OpenOrdersNotice({ openOrders }: { openOrders: DeletionCheck["openOrders"] }) {
  const one = openOrders.length === 1;
  return (
    <div role="note" aria-labelledby="delete-wait-heading" className={NOTICE} data-testid="delete-wait">
      <h4 id="delete-wait-heading" className="font-semibold">
        Your account cannot be deleted yet
      </h4>
      <p className="mt-1">
        {one ? "This order is" : "These orders are"} not finished. You need your account to follow, cancel or return{" "}
        {one ? "it" : "them"} and to download the invoice:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {openOrders.map((order) => (
          <li key={order.id}>
            <Link to={`/order/${encodeURIComponent(order.id)}`} className="font-medium whitespace-nowrap text-brand-800 underline">
              {order.orderNumber}
            </Link>{" "}
            · {order.returnPending ? "Return requested" : orderStateLabel({ status: order.status })}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        Come back once {one ? "it is" : "they are"} delivered or cancelled and any return you asked for is decided; you can
        then delete your account here.
      </p>
    </div>
  );
}

/** Deletion is allowed, but a delivered order can still be returned: say what is given up. */
function ReturnableNotice({ returnable }: { returnable: DeletionCheck["returnable"] }) {
  return (
    <div className={NOTICE} data-testid="delete-returnable">
      <p>Before you delete your account:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {returnable.map((order) => (
          <li key={order.id}>
            <Link to={`/order/${encodeURIComponent(order.id)}`} className="font-medium whitespace-nowrap text-brand-800 underline">
              {order.orderNumber}
            </Link>{" "}
            can be returned until {formatShortDate(order.returnUntil)}. Afterwards you cannot ask for a return or download its
            invoice here, so download the invoice first.
          </li>
        ))}
      </ul>
    </div>
  );
}
