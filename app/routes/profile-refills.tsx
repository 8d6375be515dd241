import { Repeat } from "lucide-react";
import { AccountPageTitle } from "~/components/account/account-page-title";
import { useId } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { formatLongDate, istDay } from "#common/dates.ts";
import { formatRupeeAmount } from "#common/money.ts";
import { addressLines } from "#common/orders.ts";
import { REFILL_MESSAGES, REFILL_PERIODS, REFILL_REMINDER_DAYS, REFILL_STATUS_LABELS, type RefillJson, type RefillProductJson } from "#common/refills.ts";
import { NOINDEX, SUBMIT_CLASS } from "~/components/auth/auth-card";
import { Field } from "~/components/ui/field";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/profile-refills";
import { loadMyRefills, writeRefillFromForm } from "./profile-refills.server";

export const meta: Route.MetaFunction = () => [...pageMeta("My Refills", "Your medicines ordered again every 30, 60 or 90 days."), NOINDEX];

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
  if (!context.user) throw redirect(`/login?${new URLSearchParams({ redirect: `${PAGE}${url.search}` })}`);
  return { ...(await loadMyRefills(context, context.user.id, url)), done: DONE[url.searchParams.get("done") ?? ""] ?? null, today: istDay() };
}

/** Every form of the page posts here (with or without JavaScript); a success redirects back (no resubmission on reload). */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(`/login?redirect=${PAGE}`);
  const { intent, reply } = await writeRefillFromForm(context, context.user, await request.formData());
  if (reply.status < 300) throw redirect(`${PAGE}?done=${intent}`);
  return data({ intent, message: reply.message, errors: reply.errors ?? {} }, { status: reply.status });
}

const BUTTON = "rounded-md border border-gray-400 bg-white px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100";
const SELECT = "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600";

export default function ProfileRefills({ loaderData }: Route.ComponentProps) {
  const { refills, done, product } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <AccountPageTitle title="My Refills" />
      <p className="mt-2 text-gray-700">
        A refill orders the same medicines again every 30, 60 or 90 days at that day's prices. We remind you {REFILL_REMINDER_DAYS} days
        before each order, by SMS and email, so you can skip it or pause the refill here. If an item is out of stock or we no longer
        deliver to your PIN code, nothing is ordered that time and we tell you why.
      </p>
      <div role="status" className="mt-4">
        {done && !actionData ? <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">{done}</p> : null}
      </div>
      {actionData && actionData.intent !== "create" ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-red-800">
          {actionData.message}
        </p>
      ) : null}

      {product ? <SubscribeForm product={product} data={loaderData} result={actionData?.intent === "create" ? actionData : undefined} /> : null}

      <section aria-labelledby="refills-heading" className="mt-8">
        <h2 id="refills-heading" className="text-xl font-semibold text-gray-900">
          Your refills
        </h2>
        {refills.length === 0 ? (
          <p className="mt-3 text-gray-700">
            You have no refills yet. Open a medicine you take regularly and choose <strong>Subscribe and refill</strong>.
          </p>
        ) : (
          <ul aria-label="Refills" className="mt-3 grid gap-4">
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
  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-gray-900">{title}</h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${
            refill.status === "active" ? "bg-green-100 text-green-900" : refill.status === "paused" ? "bg-amber-100 text-amber-900" : "bg-gray-100 text-gray-800"
          }`}
        >
          {REFILL_STATUS_LABELS[refill.status]}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">Items</dt>
        <dd>
          {refill.items.map((item) => (
            <span key={item.productId} className="block">
              {item.quantity} × {item.name}
              {item.price > 0 ? <> (today {formatRupeeAmount(item.price)} each)</> : null}
            </span>
          ))}
        </dd>
        <dt className="text-gray-700">Every</dt>
        <dd>{refill.everyDays} days</dd>
        {open ? (
          <>
            <dt className="text-gray-700">Next order</dt>
            <dd>{refill.status === "active" ? formatLongDate(refill.nextOrderOn) : "Paused"}</dd>
          </>
        ) : null}
        <dt className="text-gray-700">Payment</dt>
        <dd>{refill.paymentMethod === "cod" ? "Cash on delivery" : "Online, by a payment link we send each time"}</dd>
        <dt className="text-gray-700">Deliver to</dt>
        <dd className="break-words">{addressLines(refill.address).join(", ")}</dd>
        {refill.lastOrderId ? (
          <>
            <dt className="text-gray-700">Last order</dt>
            <dd>
              <Link to={`/order/${refill.lastOrderId}`} className="text-brand-800 underline">
                View the order
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      {refill.notice && open ? (
        <p role="note" className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {refill.notice}
          {refill.status === "paused" && refill.items.some((item) => item.prescriptionRequired) ? (
            <>
              {" "}
              <Link to="/profile/prescriptions" className="font-medium underline">
                Upload a prescription
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {open ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {refill.status === "active" ? (
            <RefillButton id={refill._id} intent="skip" label="Skip next order" busy={busy} />
          ) : null}
          <RefillButton id={refill._id} intent={refill.status === "active" ? "pause" : "resume"} label={refill.status === "active" ? "Pause" : "Resume"} busy={busy} />
          <RefillButton id={refill._id} intent="cancel" label="Cancel refill" busy={busy} />
        </div>
      ) : null}
      {open ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">Change quantity or how often</summary>
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3">
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="id" value={refill._id} />
            {refill.items.map((item) => (
              <Field
                key={item.productId}
                label={`Quantity of ${item.name}`}
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
                  Approved prescription
                </label>
                <select id={`prescription-${refill._id}`} name="prescriptionId" defaultValue={refill.prescriptionId} className={SELECT}>
                  {prescriptions.map((prescription) => (
                    <option key={prescription._id} value={prescription._id}>
                      {prescription.fileName}, uploaded {formatLongDate(prescription.createdAt)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="sm:col-span-3">
              <button type="submit" disabled={busy} className={BUTTON}>
                Save changes
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
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Every
      </label>
      <select id={id} name="everyDays" defaultValue={defaultValue} className={SELECT} aria-invalid={error ? true : undefined}>
        {REFILL_PERIODS.map((days) => (
          <option key={days} value={days}>
            {days} days
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
  const errors = result?.errors ?? {};
  const { addresses, prescriptions, onlinePayment, testGateway, today } = data;
  const defaultAddress = addresses.find((address) => address.isDefault) ?? addresses[0];
  return (
    <section id="new" aria-labelledby="subscribe-heading" className="mt-6 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="subscribe-heading" className="flex items-center gap-2 text-xl font-semibold text-gray-900">
        <Repeat className="h-5 w-5 text-brand-700" aria-hidden /> Subscribe and refill
      </h2>
      <p className="mt-1 text-gray-700">
        {product.name}, today {formatRupeeAmount(product.price)} each. Each order is placed at that day's price.
      </p>
      {result ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-red-800">
          {result.message}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p className="mt-4 text-gray-700">
          A refill is delivered to one of your saved addresses.{" "}
          <Link to="/profile/addresses" className="font-medium text-brand-800 underline">
            Add an address
          </Link>{" "}
          first.
        </p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="productId" value={product._id} />
          <Field label="Quantity each time" name="quantity" type="number" inputMode="numeric" min={1} max={100} defaultValue={1} required error={errors.items} />
          <PeriodSelect defaultValue={30} error={errors.everyDays} />
          <Field label="First order on" name="startOn" type="date" min={today} defaultValue={today} error={errors.startOn} />
          <div>
            <label htmlFor="refill-address" className="block text-sm font-medium text-gray-800">
              Deliver to
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
            <legend className="text-sm font-medium text-gray-800">Payment each time</legend>
            <div className="mt-1 grid gap-2">
              <label className="flex items-start gap-2">
                <input type="radio" name="paymentMethod" value="cod" defaultChecked className="mt-1" />
                <span>Cash on delivery</span>
              </label>
              {onlinePayment ? (
                <label className="flex items-start gap-2">
                  <input type="radio" name="paymentMethod" value="razorpay" className="mt-1" />
                  <span>
                    Pay online: we send you a payment link by SMS and email when the order is placed; it is shipped once paid
                    {testGateway ? " (this shop takes test payments on the order's page)" : ""}.
                  </span>
                </label>
              ) : null}
            </div>
            {errors.paymentMethod ? <p className="mt-1 text-sm text-red-700">{errors.paymentMethod}</p> : null}
          </fieldset>
          {product.prescriptionRequired ? (
            <div className="sm:col-span-2">
              <label htmlFor="refill-prescription" className="block text-sm font-medium text-gray-800">
                Your approved prescription
              </label>
              {prescriptions.length === 0 ? (
                <p className="mt-1 text-sm text-gray-700">
                  This medicine needs a prescription our pharmacist has approved, and a refill never orders more than it covers.
                  You have none approved yet:{" "}
                  <Link to="/profile/prescriptions" className="font-medium text-brand-800 underline">
                    upload one
                  </Link>
                  .
                </p>
              ) : (
                <select id="refill-prescription" name="prescriptionId" className={SELECT} aria-invalid={errors.prescriptionId ? true : undefined}>
                  {prescriptions.map((prescription) => (
                    <option key={prescription._id} value={prescription._id}>
                      {prescription.fileName}, uploaded {formatLongDate(prescription.createdAt)}
                    </option>
                  ))}
                </select>
              )}
              {errors.prescriptionId ? <p className="mt-1 text-sm text-red-700">{errors.prescriptionId}</p> : null}
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className={`${SUBMIT_CLASS} sm:w-auto`}>
              {busy ? "Setting up..." : "Set up refill"}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

