import { Lock } from "lucide-react";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { CHECKOUT_COUNTRIES } from "#common/checkout.ts";
import { formatRupees } from "#common/money.ts";
import { useCartStore } from "~/lib/cart";
import { loadRazorpay, openRazorpay, SDK_FAILED_TO_LOAD, type PaymentResult } from "~/lib/razorpay";
import { cancelOrder, failWithTestGateway, payWithTestGateway, startCheckout, verifyPayment, type CheckoutStarted } from "./payment-api";
import {
  checkShippingAddress,
  SHIPPING_FIELDS,
  toShippingAddress,
  type ShippingAddress,
  type ShippingField,
} from "./shipping-address";
import { TestPaymentDialog } from "./test-payment-dialog";

/** How this shop takes payments right now, as the checkout loader read it from the configuration. */
export type PaymentSetup = { provider: "razorpay" | "test" } | { provider: "unavailable"; message: string };

const LABELS: Record<ShippingField, string> = {
  firstName: "First Name",
  lastName: "Last Name",
  address: "Address",
  city: "City",
  postalCode: "Postal Code",
  country: "Country",
  phone: "Phone",
  email: "Email",
};

const AUTOCOMPLETE: Record<ShippingField, string> = {
  firstName: "given-name",
  lastName: "family-name",
  address: "street-address",
  city: "address-level2",
  postalCode: "postal-code",
  country: "country-name",
  phone: "tel-national",
  email: "email",
};

const CONTROL =
  "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-red-600 disabled:bg-gray-100 disabled:text-gray-700";

const VERIFY_FAILED = "Payment verification failed";

/**
 * The checkout form and the payment that follows it: the order is created on the server, then
 * paid through Razorpay's checkout.js or the test gateway's dialog, then verified on the server,
 * and the shopper lands on the order confirmation. Nothing here decides a price or a stock level.
 */
export function CheckoutForm({
  customer,
  payments,
  totalPaise,
}: {
  customer: { name: string; email: string };
  payments: PaymentSetup;
  /** Shown beside the pay button (on a phone the summary is further down the page). */
  totalPaise: number;
}) {
  const navigate = useNavigate();
  const cartStore = useCartStore();
  const [firstName, ...rest] = customer.name.trim().split(/\s+/);
  const [values, setValues] = useState<ShippingAddress>({
    firstName: firstName ?? "",
    lastName: rest.join(" "),
    address: "",
    city: "",
    postalCode: "",
    country: "India",
    phone: "",
    email: customer.email,
  });
  const [errors, setErrors] = useState<Partial<Record<ShippingField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; busy: boolean }>({ open: false, busy: false });
  // The order of the last attempt: paying again after a failure or a closed window reuses it
  // (its stock is already reserved) as long as the address has not changed.
  const attempt = useRef<{ key: string; started: CheckoutStarted } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertId = "checkout-alert";

  const set = (field: ShippingField) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field] !== undefined) {
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
  };

  const focusField = (field: ShippingField) => {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  const fail = (message: string) => {
    setAlert(message);
    setBusy(false);
  };

  const finish = async (orderId: string, result: PaymentResult) => {
    const verified = await verifyPayment(orderId, result);
    if (!verified.ok) {
      setDialog({ open: false, busy: false });
      fail(verified.message || VERIFY_FAILED);
      return;
    }
    attempt.current = null;
    // The server emptied the cart with the payment: the header count follows at once.
    cartStore.reset({ exists: false, count: 0 });
    void navigate(`/order-confirmation?${new URLSearchParams({ orderId })}`);
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (payments.provider === "unavailable") {
      setAlert(payments.message);
      return;
    }
    const check = checkShippingAddress(values);
    setErrors(check.errors);
    const firstInvalid = SHIPPING_FIELDS.find((field) => check.errors[field] !== undefined);
    if (check.message) setAlert(check.message);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }

    setBusy(true);
    if (payments.provider === "razorpay" && !(await loadRazorpay())) {
      fail(`Payment failed: ${SDK_FAILED_TO_LOAD}`);
      return;
    }

    const shippingAddress = toShippingAddress(values);
    const key = JSON.stringify(shippingAddress);
    let started = attempt.current?.key === key ? attempt.current.started : null;
    if (!started) {
      // A new address makes a new order: the unpaid one from the last attempt gives its stock back.
      if (attempt.current) {
        await cancelOrder(attempt.current.started.order._id);
        attempt.current = null;
      }
      const response = await startCheckout(shippingAddress);
      if (!response.ok) {
        if (response.status === 401) {
          void navigate("/login?redirect=checkout");
          return;
        }
        const fieldErrors = response.errors ?? {};
        const known = SHIPPING_FIELDS.filter((field) => typeof fieldErrors[field] === "string");
        if (known.length > 0) {
          setErrors(Object.fromEntries(known.map((field) => [field, fieldErrors[field]!])));
          focusField(known[0]!);
        }
        fail(response.message || "Something went wrong");
        return;
      }
      started = response.data;
      attempt.current = { key, started };
    }

    const { order, payment } = started;
    if (payment.provider === "test") {
      setDialog({ open: true, busy: false });
      return;
    }
    if (!(await loadRazorpay())) {
      fail(`Payment failed: ${SDK_FAILED_TO_LOAD}`);
      return;
    }
    const outcome = await openRazorpay(
      {
        key: payment.keyId,
        amount: payment.amount,
        currency: payment.currency,
        order_id: payment.orderId,
        name: SHOP_NAME,
        description: `Order ${order.orderNumber}`,
        prefill: { name: `${shippingAddress.firstName} ${shippingAddress.lastName}`, email: shippingAddress.email, contact: shippingAddress.phone },
        notes: { orderNumber: order.orderNumber, address: `${shippingAddress.address}, ${shippingAddress.city} ${shippingAddress.postalCode}` },
        theme: { color: "#127d66" },
      },
      (description) => setAlert(`Payment failed: ${description}`),
    );
    if (outcome.kind === "paid") await finish(order._id, outcome.result);
    else if (outcome.kind === "unavailable") fail(`Payment failed: ${SDK_FAILED_TO_LOAD}`);
    else setBusy(false);
  }

  const current = attempt.current?.started;

  const payTest = async () => {
    if (!current) return;
    setDialog({ open: true, busy: true });
    const paid = await payWithTestGateway(current.order._id);
    if (!paid.ok) {
      setDialog({ open: false, busy: false });
      fail(`Payment failed: ${paid.message}`);
      return;
    }
    await finish(current.order._id, paid.data);
  };

  const failTest = async () => {
    if (!current) return;
    setDialog({ open: true, busy: true });
    const failed = await failWithTestGateway(current.order._id);
    setDialog({ open: false, busy: false });
    const description = failed.ok ? failed.data.error?.description : failed.message;
    fail(`Payment failed: ${description || "The test payment was declined"}`);
  };

  const closeTest = () => {
    setDialog({ open: false, busy: false });
    setBusy(false);
  };

  const describedBy = (field: ShippingField) => {
    const ids = [errors[field] ? `${field}-error` : null, errors[field] === "" && alert ? alertId : null].filter(Boolean);
    return ids.length > 0 ? ids.join(" ") : undefined;
  };

  const field = (name: ShippingField, props: React.InputHTMLAttributes<HTMLInputElement> = {}, className = "") => (
    <div className={className}>
      <label htmlFor={`checkout-${name}`} className="block text-sm font-medium text-gray-800">
        {LABELS[name]}
        {name === "email" ? null : <span aria-hidden> *</span>}
      </label>
      <input
        id={`checkout-${name}`}
        name={name}
        value={values[name]}
        onChange={set(name)}
        autoComplete={AUTOCOMPLETE[name]}
        required={name !== "email"}
        aria-invalid={errors[name] !== undefined ? true : undefined}
        aria-describedby={describedBy(name)}
        className={CONTROL}
        {...props}
      />
      {errors[name] ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <>
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Contact and delivery" className="space-y-6">
        {payments.provider === "unavailable" && !alert ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">{payments.message}</p>
        ) : null}
        {alert ? (
          <p id={alertId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            {alert}
          </p>
        ) : null}
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-gray-900">
            Contact
          </legend>
          {field("email", { type: "email", disabled: true, readOnly: true, placeholder: customer.email})}
          <p className="-mt-2 text-sm text-gray-700">Your order confirmation is sent to your account's email.</p>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-gray-900">Delivery</legend>
          {field("firstName")}
          {field("lastName")}
          {field("address", {}, "sm:col-span-2")}
          {field("city")}
          {field("postalCode", { inputMode: values.country === "India" ? "numeric" : "text" })}
          <div>
            <label htmlFor="checkout-country" className="block text-sm font-medium text-gray-800">
              Country<span aria-hidden> *</span>
            </label>
            <select
              id="checkout-country"
              name="country"
              value={values.country}
              onChange={set("country")}
              autoComplete={AUTOCOMPLETE.country}
              required
              className={CONTROL}
            >
              {CHECKOUT_COUNTRIES.map((country) => (
                <option key={country}>{country}</option>
              ))}
            </select>
          </div>
          {field("phone", { type: "tel", inputMode: "tel", placeholder: "10-digit mobile number" })}
        </fieldset>
        <p className="text-sm text-gray-700">
          Fields marked <span aria-hidden>*</span>
          <span className="sr-only">as required</span> are required.
        </p>
        <p className="flex items-baseline justify-between border-t border-gray-200 pt-4 text-lg font-bold text-gray-900">
          <span>Total to pay</span>
          <span>{formatRupees(totalPaise)}</span>
        </p>
        <button
          type="submit"
          aria-disabled={busy}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          <Lock className="h-4 w-4" aria-hidden />
          {busy ? "Processing..." : "Pay Now"}
        </button>
        <p role="status" className="sr-only">
          {busy ? "Processing..." : ""}
        </p>
      </form>
      {current && current.payment.provider === "test" ? (
        <TestPaymentDialog
          open={dialog.open}
          busy={dialog.busy}
          orderNumber={current.order.orderNumber}
          amountPaise={current.payment.amount}
          onPay={() => void payTest()}
          onFail={() => void failTest()}
          onClose={closeTest}
        />
      ) : null}
    </>
  );
}
