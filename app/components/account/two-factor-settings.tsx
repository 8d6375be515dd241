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
import { useT } from "~/lib/i18n";
import { useReplyText } from "~/lib/api-sentences";
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
  const t = useT();
  const text = useReplyText();
  return (
    <section id="two-factor" aria-labelledby="two-factor-heading" tabIndex={-1} className={`${SECTION} scroll-mt-24`}>
      <h2 id="two-factor-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden />
        {t("auth.code.title")}
      </h2>
      {status.setupRequired ? (
        <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-gray-900">
          <strong>{text(TWO_FACTOR_MESSAGES.setupRequired)}{t("auth.phone.sentToEnd")}</strong> {t("account.twoFactor.staff")}
        </p>
      ) : null}
      {status.enabled ? (
        <TurnOff data={data} />
      ) : setup ? (
        <Confirm setup={setup} data={data} />
      ) : hasPassword ? (
        <Start data={data} />
      ) : (
        <p className="mt-2 text-gray-800">{text(TWO_FACTOR_MESSAGES.needsPassword)}</p>
      )}
    </section>
  );
}

function Start({ data }: { data: AccountActionData | undefined }) {
  const { errors, validate } = useFormErrors(data, "2fa-setup", checkTwoFactorSetupForm);
  const busy = useBusy("2fa-setup");
  const t = useT();
  return (
    <>
      <Outcome data={data} intent="2fa-disable" />
      <p className="mt-2 text-gray-800">{t("account.twoFactor.off")}</p>
      <Form method="post" noValidate onSubmit={validate} className="mt-4 max-w-md space-y-4">
        <IntentField intent="2fa-setup" />
        <Field label={t("account.yourPassword")} name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? t("account.twoFactor.starting") : t("account.twoFactor.setUp")}
        </button>
      </Form>
      <Outcome data={data} intent="2fa-setup" />
    </>
  );
}

function Confirm({ setup, data }: { setup: TwoFactorSetupView; data: AccountActionData | undefined }) {
  const { errors, validate } = useFormErrors(data, "2fa-enable", checkTwoFactorEnableForm);
  const busy = useBusy("2fa-enable");
  const t = useT();
  const text = useReplyText();
  return (
    <div className="mt-2">
      <p role="status" className="text-gray-800">
        {text(TWO_FACTOR_MESSAGES.setupStarted)}
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-gray-900">{t("account.twoFactor.scan")}</h3>
          <svg
            role="img"
            aria-label={t("account.twoFactor.qrLabel")}
            viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
            shapeRendering="crispEdges"
            className="mt-3 h-56 w-56 max-w-full border border-gray-200 bg-white"
          >
            <rect width={setup.qr.size} height={setup.qr.size} fill="#fff" />
            <path d={setup.qr.path} fill="#000" />
          </svg>
          <p className="mt-3 text-gray-800">{t("account.twoFactor.cantScan")}</p>
          <p className="mt-1">
            <code data-testid="two-factor-secret" className="block rounded bg-gray-100 px-3 py-2 font-mono text-base break-all text-gray-900">
              {setup.secret}
            </code>
          </p>
        </div>
        <div>
          <h3 className="font-semibold text-gray-900">{t("account.twoFactor.save")}</h3>
          <p className="mt-2 text-gray-800">{t("account.twoFactor.saveText")}</p>
          <ol aria-label={t("account.twoFactor.backupCodes")} data-testid="backup-codes" className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-base text-gray-900">
            {setup.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
        </div>
      </div>
      <h3 className="mt-6 font-semibold text-gray-900">{t("account.twoFactor.enter")}</h3>
      <Form method="post" noValidate onSubmit={validate} className="mt-3 max-w-md space-y-4">
        <IntentField intent="2fa-enable" />
        <input type="hidden" name="otpauthUri" value={setup.otpauthUri} />
        <input type="hidden" name="backupCodes" value={setup.backupCodes.join(" ")} />
        <Field
          label={t("auth.phone.codeLabel", { digits: 6 })}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          error={errors.code}
        />
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? t("auth.checking") : t("account.twoFactor.turnOn")}
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
  const t = useT();
  return (
    <>
      <Outcome data={data} intent="2fa-enable" />
      <p className="mt-2 text-gray-800">
        {justTurnedOn ? "" : t("account.twoFactor.on")}
        {t("account.twoFactor.onText")}
      </p>
      <h3 className="mt-6 font-semibold text-gray-900">{t("account.twoFactor.turnOff")}</h3>
      <Form method="post" noValidate onSubmit={validate} className="mt-3 max-w-md space-y-4">
        <IntentField intent="2fa-disable" />
        <Field label={t("account.yourPassword")} name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <Field label={t("account.twoFactor.codeOrBackup")} name="code" autoComplete="one-time-code" required error={errors.code} />
        <button type="submit" disabled={busy} className={DANGER}>
          {busy ? t("account.twoFactor.turningOff") : t("account.twoFactor.turnOff")}
        </button>
      </Form>
      <Outcome data={data} intent="2fa-disable" />
    </>
  );
}
