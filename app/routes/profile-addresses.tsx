import { MapPin, Star } from "lucide-react";
import { AccountPageTitle } from "~/components/account/account-page-title";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { ADDRESS_LIMITS, ADDRESS_MESSAGES, checkAddressForm, MAX_ADDRESSES, type SavedAddress } from "#common/addresses.ts";
import { CHECKOUT_MESSAGES } from "#common/checkout.ts";
import type { FieldErrors } from "#common/forms.ts";
import { formatIndianPhone, INDIAN_STATES, isValidPin } from "#common/india.ts";
import type { ServiceabilityJson } from "#common/serviceability.ts";
import { NOINDEX } from "~/components/auth/auth-card";
import { Field } from "~/components/ui/field";
import { localePath, metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { useReplyErrors, useReplyText } from "~/lib/api-sentences";
import { accountPageTexts } from "~/lib/api-sentences.server";
import type { Route } from "./+types/profile-addresses";
import { loadAddresses, writeAddressFromForm } from "./profile-addresses.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("account.addresses.title"), t("account.addresses.metaDescription")), NOINDEX];
};

/** The login in the page's language, coming back here after it. */
const signInFirst = (request: Request) => {
  const language = requestLanguage(request);
  return `${localePath("/login", language)}?redirect=${localePath(PAGE, language)}`;
};

const PAGE = "/profile/addresses";

/** The sentence shown after a write's redirect (`?done=`): a fixed list, never text from the URL. */
const DONE: Record<string, string> = {
  create: ADDRESS_MESSAGES.added,
  update: ADDRESS_MESSAGES.updated,
  delete: ADDRESS_MESSAGES.deleted,
  default: ADDRESS_MESSAGES.madeDefault,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(signInFirst(request));
  const params = new URL(request.url).searchParams;
  const addresses = await loadAddresses(context, context.user.id);
  const editing = addresses.find((address) => address._id === params.get("edit")) ?? null;
  const deleting = addresses.find((address) => address._id === params.get("delete")) ?? null;
  return { addresses, editing, deleting, done: DONE[params.get("done") ?? ""] ?? null, ...accountPageTexts(request, "account", "auth") };
}

/** Every form of the page posts here (with or without JavaScript); a success redirects back (no resubmission on reload). */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(signInFirst(request));
  const { intent, reply } = await writeAddressFromForm(context, context.user.id, await request.formData());
  if (reply.status < 300) throw redirect(`${localePath(PAGE, requestLanguage(request))}?done=${intent}`);
  return data({ intent, message: reply.message, errors: reply.errors ?? {} }, { status: reply.status });
}

export default function ProfileAddresses({ loaderData }: Route.ComponentProps) {
  const { addresses, editing, deleting, done } = loaderData;
  const actionData = useActionData<typeof action>();
  const full = addresses.length >= MAX_ADDRESSES;
  const t = useT();
  const text = useReplyText();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <AccountPageTitle title={t("account.addresses.title")} />
      <div role="status" className="mt-4">
        {done && !actionData ? <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">{text(done)}</p> : null}
      </div>
      {actionData && Object.keys(actionData.errors).length === 0 ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-red-800">
          {text(actionData.message)}
        </p>
      ) : null}

      {deleting ? <DeleteConfirmation address={deleting} /> : null}

      {addresses.length === 0 ? (
        <p className="mt-6 text-gray-700">{t("account.addresses.none")}</p>
      ) : (
        <ul aria-label={t("account.addresses.saved")} className="mt-6 grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard key={address._id} address={address} />
          ))}
        </ul>
      )}

      {editing ? (
        <AddressForm key={`edit-${editing._id}`} address={editing} result={actionData?.intent === "update" ? actionData : undefined} />
      ) : full ? (
        <p className="mt-8 text-gray-700">{text(ADDRESS_MESSAGES.tooMany)}</p>
      ) : (
        <AddressForm key={`new-${addresses.length}`} result={actionData?.intent === "create" ? actionData : undefined} />
      )}
    </main>
  );
}

function AddressLines({ address }: { address: SavedAddress }) {
  const t = useT();
  return (
    <address className="not-italic text-gray-800">
      <span className="block font-semibold text-gray-900">{address.fullName}</span>
      <span className="block">{address.line1}</span>
      {address.line2 ? <span className="block">{address.line2}</span> : null}
      {address.landmark ? <span className="block">{t("account.address.landmarkLine", { landmark: address.landmark })}</span> : null}
      <span className="block">
        {address.city}, {address.state} {address.postalCode}
      </span>
      <span className="block">{t("account.address.countryName", { country: address.country })}</span>
      <span className="block">{t("account.address.mobileLine", { phone: formatIndianPhone(address.phone) })}</span>
    </address>
  );
}

function AddressCard({ address }: { address: SavedAddress }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const t = useT();
  const lp = useLocalePath();
  const where = { name: address.fullName, line: address.line1 };
  return (
    <li className="flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <MapPin className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div className="min-w-0 flex-1 break-words">
          {address.isDefault ? (
            <p className="mb-1 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
              <Star className="h-3 w-3" aria-hidden />
              {t("account.address.default")}
            </p>
          ) : null}
          <AddressLines address={address} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <Link to={`${lp(PAGE)}?edit=${address._id}#address-form`} className="font-semibold text-brand-800 underline" aria-label={t("account.address.editLabel", where)}>
          {t("account.address.edit")}
        </Link>
        <Link to={`${lp(PAGE)}?delete=${address._id}`} className="font-semibold text-red-800 underline" aria-label={t("account.address.deleteLabel", where)}>
          {t("account.address.delete")}
        </Link>
        {address.isDefault ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="default" />
            <input type="hidden" name="id" value={address._id} />
            <button type="submit" disabled={busy} className="font-semibold text-brand-800 underline disabled:opacity-60" aria-label={t("account.address.makeDefaultLabel", where)}>
              {t("account.address.makeDefault")}
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

function DeleteConfirmation({ address }: { address: SavedAddress }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="delete-heading" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-900">
        {t("account.address.deleteTitle")}
      </h2>
      <div className="mt-2">
        <AddressLines address={address} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action={lp(PAGE)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address._id} />
          <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
            {t("account.address.delete")}
          </button>
        </Form>
        <Link to={lp(PAGE)} className="rounded-md border border-gray-400 bg-white px-4 py-2 font-semibold text-gray-900">
          {t("account.cancel")}
        </Link>
      </div>
    </section>
  );
}

function AddressForm({ address, result }: { address?: SavedAddress; result?: { message: string; errors: FieldErrors } }) {
  const navigation = useNavigation();
  const [errors, setErrors] = useState<FieldErrors>(result?.errors ?? {});
  const [state, setState] = useState(address?.state ?? "");
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const t = useT();
  const lp = useLocalePath();
  const shown = useReplyErrors()(errors);
  const LABELS = {
    fullName: t("account.address.fullName"),
    phone: t("auth.phone.mobile"),
    line1: t("account.address.line1"),
    line2: t("account.address.line2"),
    landmark: t("account.address.landmark"),
    city: t("account.address.city"),
    postalCode: t("account.address.postalCode"),
  };
  // A refusal from the server (with JavaScript the form stays mounted): its field messages replace the browser's.
  useEffect(() => setErrors(result?.errors ?? {}), [result]);

  /**
   * With JavaScript, a complete PIN fills an empty State/UT from the serviceability table (still
   * correctable), and one the shop does not deliver to is said at once, as saving would refuse it.
   */
  const fillState = async (pin: string) => {
    if (!isValidPin(pin)) return;
    const response = await fetch(`/api/serviceability/${pin}`).catch(() => null);
    const body = response?.ok ? ((await response.json()) as ServiceabilityJson) : null;
    if (body?.serviceable) {
      setState((current) => current || body.state);
      setErrors((current) => {
        if (current.postalCode !== CHECKOUT_MESSAGES.notServiceable) return current;
        const { postalCode: _, ...rest } = current;
        return rest;
      });
    } else if (body) setErrors((current) => ({ ...current, postalCode: CHECKOUT_MESSAGES.notServiceable }));
  };

  return (
    <section id="address-form" aria-labelledby="address-form-heading" className="mt-10 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="address-form-heading" className="text-xl font-semibold text-gray-900">
        {address ? t("account.address.editTitle") : t("account.address.addTitle")}
      </h2>
      <Form
        method="post"
        action={lp(PAGE)}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          const checked = checkAddressForm(Object.fromEntries(new FormData(event.currentTarget)));
          if (!checked.ok) {
            event.preventDefault();
            setErrors(checked.errors);
            const first = Object.keys(checked.errors)[0];
            event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
          } else setErrors({});
        }}
      >
        <input type="hidden" name="intent" value={address ? "update" : "create"} />
        {address ? <input type="hidden" name="id" value={address._id} /> : null}
        <Field label={LABELS.fullName} name="fullName" autoComplete="name" required maxLength={ADDRESS_LIMITS.fullName} defaultValue={address?.fullName} error={shown.fullName} />
        <Field label={LABELS.phone} name="phone" type="tel" autoComplete="tel" required defaultValue={address ? formatIndianPhone(address.phone) : undefined} error={shown.phone} />
        <Field label={LABELS.line1} name="line1" autoComplete="address-line1" required maxLength={ADDRESS_LIMITS.line1} defaultValue={address?.line1} error={shown.line1} className="sm:col-span-2" />
        <Field label={t("account.optional", { label: LABELS.line2 })} name="line2" autoComplete="address-line2" maxLength={ADDRESS_LIMITS.line2} defaultValue={address?.line2} error={shown.line2} className="sm:col-span-2" />
        <Field label={t("account.optional", { label: LABELS.landmark })} name="landmark" maxLength={ADDRESS_LIMITS.landmark} defaultValue={address?.landmark} error={shown.landmark} className="sm:col-span-2" />
        <Field
          label={LABELS.postalCode}
          name="postalCode"
          inputMode="numeric"
          autoComplete="postal-code"
          required
          maxLength={6}
          defaultValue={address?.postalCode}
          error={shown.postalCode}
          onChange={(event) => void fillState(event.currentTarget.value.trim())}
        />
        <Field label={LABELS.city} name="city" autoComplete="address-level2" required maxLength={ADDRESS_LIMITS.city} defaultValue={address?.city} error={shown.city} />
        <StateSelect value={state} onChange={setState} error={shown.state} />
        <div className="flex items-center gap-2 self-end pb-2">
          <input id="address-default" type="checkbox" name="isDefault" value="true" defaultChecked={address?.isDefault ?? false} className="h-5 w-5" />
          <label htmlFor="address-default" className="text-gray-900">
            {t("account.address.makeMyDefault")}
          </label>
        </div>
        <p className="text-sm text-gray-700 sm:col-span-2">{t("account.address.country")}</p>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" disabled={saving} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
            {saving ? t("auth.saving") : address ? t("account.saveChanges") : t("account.address.save")}
          </button>
          {address ? (
            <Link to={lp(PAGE)} className="rounded-md border border-gray-400 px-5 py-2.5 font-semibold text-gray-900">
              {t("account.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function StateSelect({ value, onChange, error }: { value: string; onChange: (state: string) => void; error?: string }) {
  const t = useT();
  return (
    <div>
      <label htmlFor="address-state" className="block text-sm font-medium text-gray-800">
        {t("account.address.state")}
      </label>
      <select
        id="address-state"
        name="state"
        autoComplete="address-level1"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "address-state-error" : "address-state-hint"}
        className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600"
      >
        <option value="">{t("account.address.fromPin")}</option>
        {INDIAN_STATES.map((state) => (
          <option key={state} value={state} lang="en">
            {state}
          </option>
        ))}
      </select>
      {error ? (
        <p id="address-state-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id="address-state-hint" className="mt-1 text-sm text-gray-700">
          {t("account.address.stateHint")}
        </p>
      )}
    </div>
  );
}
