import { ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import {
  TWO_FACTOR_MESSAGES,
  checkTwoFactorDisableForm,
  checkTwoFactorEnableForm,
  checkTwoFactorSetupForm,
  type TwoFactorSetupView,
} from "#common/two-factor.ts";
import { Field } from "~/components/ui/field";
import {
  BUTTON,
  DANGER,
  IntentField,
  Outcome,
  SECTION,
  useBusy,
  useFormErrors,
  type AccountActionData,
} from "./account-settings";

export interface TwoFactorStatus {
  enabled: boolean;
  /** Staff where STAFF_TWO_FACTOR=required, without it yet: the admin area waits for it. */
  setupRequired: boolean;
}

/**
 * The profile's "Two-factor sign-in" (decisions/051): set up with the password → scan the QR code
 * (or type the key) and save the ten backup codes → enter a first code to turn it on; turn off
 * with the password and a code. Every form posts to the profile's action with its `intent`.
 */
export function TwoFactorSettings({
  status,
  data,
  hasPassword = true,
}: {
  status: TwoFactorStatus;
  data: AccountActionData | undefined;
  /** False for an account made by phone: no password to set it up with (decisions/053). */
  hasPassword?: boolean;
}) {
  const setup = !status.enabled ? data?.twoFactorSetup : undefined;
  return (
    <section id="two-factor" aria-labelledby="two-factor-heading" tabIndex={-1} className={`${SECTION} scroll-mt-24`}>
      <h2 id="two-factor-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden />
        Two-factor sign-in
      </h2>
      {status.setupRequired ? (
        <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-gray-900">
          <strong>{TWO_FACTOR_MESSAGES.setupRequired}.</strong> Staff accounts need it before they can use the admin area.
        </p>
      ) : null}
      {status.enabled ? (
        <TurnOff data={data} />
      ) : setup ? (
        <Confirm setup={setup} data={data} />
      ) : hasPassword ? (
        <Start data={data} />
      ) : (
        <p className="mt-2 text-gray-800">{TWO_FACTOR_MESSAGES.needsPassword}</p>
      )}
    </section>
  );
}

function Start({ data }: { data: AccountActionData | undefined }) {
  const { errors, validate } = useFormErrors(data, "2fa-setup", checkTwoFactorSetupForm);
  const busy = useBusy("2fa-setup");
  return (
    <>
      <Outcome data={data} intent="2fa-disable" />
      <p className="mt-2 text-gray-800">
        Off. With it on, signing in also asks for a 6-digit code from an authenticator app on your phone (Google
        Authenticator, Microsoft Authenticator, Authy or any other), so your password alone is not enough.
      </p>
      <Form method="post" noValidate onSubmit={validate} className="mt-4 max-w-md space-y-4">
        <IntentField intent="2fa-setup" />
        <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? "Starting..." : "Set up two-factor sign-in"}
        </button>
      </Form>
      <Outcome data={data} intent="2fa-setup" />
    </>
  );
}

function Confirm({ setup, data }: { setup: TwoFactorSetupView; data: AccountActionData | undefined }) {
  const { errors, validate } = useFormErrors(data, "2fa-enable", checkTwoFactorEnableForm);
  const busy = useBusy("2fa-enable");
  return (
    <div className="mt-2">
      <p role="status" className="text-gray-800">
        {TWO_FACTOR_MESSAGES.setupStarted}
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-gray-900">1. Scan this QR code</h3>
          <svg
            role="img"
            aria-label="QR code for your authenticator app"
            viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
            shapeRendering="crispEdges"
            className="mt-3 h-56 w-56 max-w-full border border-gray-200 bg-white"
          >
            <rect width={setup.qr.size} height={setup.qr.size} fill="#fff" />
            <path d={setup.qr.path} fill="#000" />
          </svg>
          <p className="mt-3 text-gray-800">Can&apos;t scan it? Add an account by hand with this key (time-based):</p>
          <p className="mt-1">
            <code data-testid="two-factor-secret" className="block rounded bg-gray-100 px-3 py-2 font-mono text-base break-all text-gray-900">
              {setup.secret}
            </code>
          </p>
        </div>
        <div>
          <h3 className="font-semibold text-gray-900">2. Save your backup codes</h3>
          <p className="mt-2 text-gray-800">
            If you lose your phone, each of these codes signs you in once. Write them down or print them and keep them
            somewhere safe: they are shown only now.
          </p>
          <ol aria-label="Backup codes" data-testid="backup-codes" className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-base text-gray-900">
            {setup.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
        </div>
      </div>
      <h3 className="mt-6 font-semibold text-gray-900">3. Enter the code your app shows</h3>
      <Form method="post" noValidate onSubmit={validate} className="mt-3 max-w-md space-y-4">
        <IntentField intent="2fa-enable" />
        <input type="hidden" name="otpauthUri" value={setup.otpauthUri} />
        <input type="hidden" name="backupCodes" value={setup.backupCodes.join(" ")} />
        <Field
          label="6-digit code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          error={errors.code}
        />
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? "Checking..." : "Turn on two-factor sign-in"}
        </button>
      </Form>
      <Outcome data={data} intent="2fa-enable" />
    </div>
  );
}

function TurnOff({ data }: { data: AccountActionData | undefined }) {
  const { errors, validate } = useFormErrors(data, "2fa-disable", checkTwoFactorDisableForm);
  const busy = useBusy("2fa-disable");
  const justTurnedOn = data?.intent === "2fa-enable" && data.ok;
  return (
    <>
      <Outcome data={data} intent="2fa-enable" />
      <p className="mt-2 text-gray-800">
        {justTurnedOn ? "" : "On. "}Signing in asks for a code from your authenticator app, or one of your backup codes.
      </p>
      <h3 className="mt-6 font-semibold text-gray-900">Turn off two-factor sign-in</h3>
      <Form method="post" noValidate onSubmit={validate} className="mt-3 max-w-md space-y-4">
        <IntentField intent="2fa-disable" />
        <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <Field label="Code from your app or a backup code" name="code" autoComplete="one-time-code" required error={errors.code} />
        <button type="submit" disabled={busy} className={DANGER}>
          {busy ? "Turning off..." : "Turn off two-factor sign-in"}
        </button>
      </Form>
      <Outcome data={data} intent="2fa-disable" />
    </>
  );
}
