import { Repeat } from "lucide-react";
import { AccountPageTitle } from "~/components/account/account-page-title";
import { useId } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { formatLongDate, istDay } from "#common/dates.ts";
import { formatRupeeAmount } from "#common/money.ts";
import { addressLines } from "#common/orders.ts";
import { REFILL_MESSAGES, REFILL_PERIODS, REFILL_REMINDER_DAYS, type RefillJson, type RefillProductJson } from "#common/refills.ts";
import { NOINDEX, SUBMIT_CLASS } from "~/components/auth/auth-card";
import { Field } from "~/components/ui/field";
import { localePath, metaTranslator, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { useReplyErrors, useReplyText } from "~/lib/api-sentences";
import { accountPageTexts } from "~/lib/api-sentences.server";
import type { Route } from "./+types/profile-refills";
import { loadMyRefills, writeRefillFromForm } from "./profile-refills.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("account.refills.title"), t("account.refills.metaDescription")), NOINDEX];
};

const PAGE = "/profile/refills";

/** The sentence shown after a write's redirect (`?done=`): a fixed list, never text from the URL. */
const DONE: Record<string, string> = {
  create: REFILL_MESSAGES.created,
  change: REFILL_MESSAGES.updated,
  skip: REFILL_MESSAGES.skipped,
  pause: REFILL_MESSAGES.pausedOk,
  resume: REFILL_MESSAGES.resumedOk,
  cancel: REFILL_MESSAGES.cancelledOk,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = requestLanguage(request);
  if (!context.user) throw redirect(`${localePath("/login", language)}?${new URLSearchParams({ redirect: `${localePath(PAGE, language)}${url.search}` })}`);
  return {
    ...(await loadMyRefills(context, context.user.id, url)),
    done: DONE[url.searchParams.get("done") ?? ""] ?? null,
    today: istDay(),
    ...accountPageTexts(request, "account", "auth"),
  };
}

/** Every form of the page posts here (with or without JavaScript); a success redirects back (no resubmission on reload). */
export async function action({ request, context }: Route.ActionArgs) {
  const language = requestLanguage(request);
  if (!context.user) throw redirect(`${localePath("/login", language)}?redirect=${localePath(PAGE, language)}`);
  const { intent, reply } = await writeRefillFromForm(context, context.user, await request.formData());
  if (reply.status < 300) throw redirect(`${localePath(PAGE, language)}?done=${intent}`);
  return data({ intent, message: reply.message, errors: reply.errors ?? {} }, { status: reply.status });
}

const REFILL_STATES: Record<RefillJson["status"], string> = {
  active: "account.refills.active",
  paused: "account.refills.paused",
  cancelled: "account.refills.cancelled",
};

const BUTTON = "rounded-md border border-gray-400 bg-white px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100";
const SELECT = "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600";

export default function ProfileRefills({ loaderData }: Route.ComponentProps) {
  const { refills, done, product } = loaderData;
  const actionData = useActionData<typeof action>();
  const t = useT();
  const text = useReplyText();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <AccountPageTitle title={t("account.refills.title")} />
      <p className="mt-2 text-gray-700">{t("account.refills.intro", { days: REFILL_REMINDER_DAYS })}</p>
      <div role="status" className="mt-4">
        {done && !actionData ? <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">{text(done)}</p> : null}
      </div>
      {actionData && actionData.intent !== "create" ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-red-800">
          {text(actionData.message)}
        </p>
      ) : null}

      {product ? <SubscribeForm product={product} data={loaderData} result={actionData?.intent === "create" ? actionData : undefined} /> : null}

      <section aria-labelledby="refills-heading" className="mt-8">
        <h2 id="refills-heading" className="text-xl font-semibold text-gray-900">
          {t("account.refills.yours")}
        </h2>
        {refills.length === 0 ? (
          <p className="mt-3 text-gray-700">
            {t("account.refills.none")} <strong>{t("account.refills.subscribe")}</strong>
            {t("account.refills.noneEnd")}
          </p>
        ) : (
          <ul aria-label={t("account.refills.list")} className="mt-3 grid gap-4">
            {refills.map((refill) => (
              <RefillCard key={refill._id} refill={refill} prescriptions={loaderData.prescriptions} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function RefillCard({ refill, prescriptions }: { refill: RefillJson; prescriptions: { _id: string; fileName: string; createdAt: string }[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === refill._id;
  const open = refill.status !== "cancelled";
  const title = refill.items.map((item) => item.name).join(", ");
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  const text = useReplyText();
  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-gray-900" lang="en">
          {title}
        </h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${
            refill.status === "active" ? "bg-green-100 text-green-900" : refill.status === "paused" ? "bg-amber-100 text-amber-900" : "bg-gray-100 text-gray-800"
          }`}
        >
          {t(REFILL_STATES[refill.status])}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">{t("account.refills.items")}</dt>
        <dd>
          {refill.items.map((item) => (
            <span key={item.productId} className="block">
              {item.quantity} × <span lang="en">{item.name}</span>
              {item.price > 0 ? <> {t("account.refills.todayEach", { price: formatRupeeAmount(item.price) })}</> : null}
            </span>
          ))}
        </dd>
        <dt className="text-gray-700">{t("account.refills.every")}</dt>
        <dd>{t("account.refills.days", { days: refill.everyDays })}</dd>
        {open ? (
          <>
            <dt className="text-gray-700">{t("account.refills.next")}</dt>
            <dd>{refill.status === "active" ? formatLongDate(refill.nextOrderOn, language) : t("account.refills.paused")}</dd>
          </>
        ) : null}
        <dt className="text-gray-700">{t("account.refills.payment")}</dt>
        <dd>{refill.paymentMethod === "cod" ? t("account.refills.cod") : t("account.refills.online")}</dd>
        <dt className="text-gray-700">{t("account.refills.deliverTo")}</dt>
        <dd className="break-words">
          {[...addressLines(refill.address, t("account.address.landmark")).slice(0, -1), t("account.address.countryName", { country: refill.address.country })].join(", ")}
        </dd>
        {refill.lastOrderId ? (
          <>
            <dt className="text-gray-700">{t("account.refills.lastOrder")}</dt>
            <dd>
              <Link to={lp(`/order/${refill.lastOrderId}`)} className="text-brand-800 underline">
                {t("account.refills.viewOrder")}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      {refill.notice && open ? (
        <p role="note" className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {text(refill.notice)}
          {refill.status === "paused" && refill.items.some((item) => item.prescriptionRequired) ? (
            <>
              {" "}
              <Link to={lp("/profile/prescriptions")} className="font-medium underline">
                {t("account.prescriptions.upload")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {open ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {refill.status === "active" ? (
            <RefillButton id={refill._id} intent="skip" label={t("account.refills.skip")} busy={busy} />
          ) : null}
          <RefillButton
            id={refill._id}
            intent={refill.status === "active" ? "pause" : "resume"}
            label={refill.status === "active" ? t("account.refills.pause") : t("account.refills.resume")}
            busy={busy}
          />
          <RefillButton id={refill._id} intent="cancel" label={t("account.refills.cancel")} busy={busy} />
        </div>
      ) : null}
      {open ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">{t("account.refills.change")}</summary>
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3">
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="id" value={refill._id} />
            {refill.items.map((item) => (
              <Field
                key={item.productId}
                label={t("account.refills.quantityOf", { name: item.name })}
                name={`quantity.${item.productId}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                defaultValue={item.quantity}
                required
              />
            ))}
            <PeriodSelect defaultValue={refill.everyDays} />
            {refill.items.some((item) => item.prescriptionRequired) && prescriptions.length > 0 ? (
              <div className="sm:col-span-3">
                <label htmlFor={`prescription-${refill._id}`} className="block text-sm font-medium text-gray-800">
                  {t("account.refills.approvedPrescription")}
                </label>
                <select id={`prescription-${refill._id}`} name="prescriptionId" defaultValue={refill.prescriptionId} className={SELECT}>
                  {prescriptions.map((prescription) => (
                    <option key={prescription._id} value={prescription._id}>
                      {t("account.refills.prescriptionOption", { name: prescription.fileName, date: formatLongDate(prescription.createdAt, language) })}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="sm:col-span-3">
              <button type="submit" disabled={busy} className={BUTTON}>
                {t("account.saveChanges")}
              </button>
            </div>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

function RefillButton({ id, intent, label, busy }: { id: string; intent: string; label: string; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} disabled={busy} className={BUTTON}>
        {label}
      </button>
    </Form>
  );
}

function PeriodSelect({ defaultValue, error }: { defaultValue: number; error?: string }) {
  const id = useId();
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {t("account.refills.every")}
      </label>
      <select id={id} name="everyDays" defaultValue={defaultValue} className={SELECT} aria-invalid={error ? true : undefined}>
        {REFILL_PERIODS.map((days) => (
          <option key={days} value={days}>
            {t("account.refills.days", { days })}
          </option>
        ))}
      </select>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

function SubscribeForm({
  product,
  data,
  result,
}: {
  product: RefillProductJson;
  data: Route.ComponentProps["loaderData"];
  result?: { message: string; errors: Record<string, string> };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const errors = useReplyErrors()(result?.errors ?? {});
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  const text = useReplyText();
  const { addresses, prescriptions, onlinePayment, testGateway, today } = data;
  const defaultAddress = addresses.find((address) => address.isDefault) ?? addresses[0];
  return (
    <section id="new" aria-labelledby="subscribe-heading" className="mt-6 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="subscribe-heading" className="flex items-center gap-2 text-xl font-semibold text-gray-900">
        <Repeat className="h-5 w-5 text-brand-700" aria-hidden /> {t("account.refills.subscribe")}
      </h2>
      <p className="mt-1 text-gray-700">
        <span lang="en">{product.name}</span>
        {t("account.refills.productPrice", { price: formatRupeeAmount(product.price) })}
      </p>
      {result ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-red-800">
          {text(result.message)}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p className="mt-4 text-gray-700">
          {t("account.refills.needsAddress")}{" "}
          <Link to={lp("/profile/addresses")} className="font-medium text-brand-800 underline">
            {t("account.refills.addAddress")}
          </Link>{" "}
          {t("account.refills.first")}
        </p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="productId" value={product._id} />
          <Field label={t("account.refills.quantity")} name="quantity" type="number" inputMode="numeric" min={1} max={100} defaultValue={1} required error={errors.items} />
          <PeriodSelect defaultValue={30} error={errors.everyDays} />
          <Field label={t("account.refills.firstOrder")} name="startOn" type="date" min={today} defaultValue={today} error={errors.startOn} />
          <div>
            <label htmlFor="refill-address" className="block text-sm font-medium text-gray-800">
              {t("account.refills.deliverTo")}
            </label>
            <select id="refill-address" name="addressId" defaultValue={defaultAddress?._id} className={SELECT} aria-invalid={errors.addressId ? true : undefined}>
              {addresses.map((address) => (
                <option key={address._id} value={address._id}>
                  {address.fullName}, {address.line1}, {address.city} {address.postalCode}
                </option>
              ))}
            </select>
            {errors.addressId ? <p className="mt-1 text-sm text-red-700">{errors.addressId}</p> : null}
          </div>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-gray-800">{t("account.refills.paymentEach")}</legend>
            <div className="mt-1 grid gap-2">
              <label className="flex items-start gap-2">
                <input type="radio" name="paymentMethod" value="cod" defaultChecked className="mt-1" />
                <span>{t("account.refills.cod")}</span>
              </label>
              {onlinePayment ? (
                <label className="flex items-start gap-2">
                  <input type="radio" name="paymentMethod" value="razorpay" className="mt-1" />
                  <span>
                    {t("account.refills.payOnline")}
                    {testGateway ? t("account.refills.testPayments") : ""}
                    {t("auth.phone.sentToEnd")}
                  </span>
                </label>
              ) : null}
            </div>
            {errors.paymentMethod ? <p className="mt-1 text-sm text-red-700">{errors.paymentMethod}</p> : null}
          </fieldset>
          {product.prescriptionRequired ? (
            <div className="sm:col-span-2">
              <label htmlFor="refill-prescription" className="block text-sm font-medium text-gray-800">
                {t("account.refills.yourPrescription")}
              </label>
              {prescriptions.length === 0 ? (
                <p className="mt-1 text-sm text-gray-700">
                  {t("account.refills.needsPrescription")}{" "}
                  <Link to={lp("/profile/prescriptions")} className="font-medium text-brand-800 underline">
                    {t("account.refills.uploadOne")}
                  </Link>
                  {t("auth.phone.sentToEnd")}
                </p>
              ) : (
                <select id="refill-prescription" name="prescriptionId" className={SELECT} aria-invalid={errors.prescriptionId ? true : undefined}>
                  {prescriptions.map((prescription) => (
                    <option key={prescription._id} value={prescription._id}>
                      {t("account.refills.prescriptionOption", { name: prescription.fileName, date: formatLongDate(prescription.createdAt, language) })}
                    </option>
                  ))}
                </select>
              )}
              {errors.prescriptionId ? <p className="mt-1 text-sm text-red-700">{errors.prescriptionId}</p> : null}
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className={`${SUBMIT_CLASS} sm:w-auto`}>
              {busy ? t("account.refills.settingUp") : t("account.refills.setUp")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

