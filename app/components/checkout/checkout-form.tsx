import { useOrderApiText } from "~/lib/api-sentences";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { Lock, Truck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SavedAddress } from "#common/addresses.ts";
import { phoneDigits } from "#common/checkout.ts";
import { INDIAN_STATES, isValidPin } from "#common/india.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import type { CheckoutPlaced, CheckoutQuote, PaymentMethod } from "#common/orders.ts";
import { formatDeliveryDate } from "#common/dates.ts";
import type { ServiceabilityJson } from "#common/serviceability.ts";
import { useCartStore } from "~/lib/cart";
import { cancelOrder, lookupPin, quoteCheckout, saveAddress, startCheckout, type CheckoutBody } from "./payment-api";
import { usePaymentStep, type PaymentStepOutcome } from "./payment-step";
import { WhatsAppChoice } from "./whatsapp-choice";
import {
  checkShippingAddress,
  isOptional,
  SHIPPING_FIELDS,
  savedAddressLine,
  toSavedAddressBody,
  toShippingAddress,
  type ShippingAddress,
  type ShippingField,
} from "./shipping-address";

/** How this shop takes payments right now, as the checkout loader read it from the configuration. */
export type PaymentSetup = { provider: "razorpay" | "test" } | { provider: "unavailable"; message: string };

const AUTOCOMPLETE: Record<ShippingField, string> = {
  firstName: "given-name",
  lastName: "family-name",
  address: "address-line1",
  line2: "address-line2",
  landmark: "off",
  city: "address-level2",
  postalCode: "postal-code",
  state: "address-level1",
  phone: "tel",
  email: "email",
};

/** The radio value for typing a new address instead of choosing a saved one. */
const NEW_ADDRESS = "new";

const CONTROL =
  "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-red-600 disabled:bg-gray-100 disabled:text-gray-700";

/**
 * The checkout form and the payment that follows it: the order is created on the server, then
 * paid through the payment step "Complete payment" also opens (`usePaymentStep`: Razorpay's
 * checkout.js or the test gateway's dialog, verified on the server), and the shopper lands on the
 * order confirmation. Nothing here decides a price or a stock level.
 */
export function CheckoutForm({
  customer,
  payments,
  totalPaise,
  prescription,
  addresses = [],
  codFeePaise = 0,
  whatsapp = { accountOptedIn: false, accountHasPhone: false },
  onQuote,
  onCouponRefused,
  quoteKey: couponKey = "",
}: {
  /** Changes when the cart's coupon does (issue 15): the quote is asked again. */
  quoteKey?: string;
  /**
   * The cart's coupon was refused (decisions/025): by the quote, which leaves it on the cart with
   * its reason, or by the checkout, which took it off (`removed`); the page shows the cart as it is now.
   */
  onCouponRefused?: (message: string, removed: boolean) => void;
  /** Told of every quote (or null while there is none), so the order summary shows the same fees. */
  onQuote?: (quote: CheckoutQuote | null) => void;
  /** `phone`: the account's verified number, filled into a new address (decisions/050). */
  customer: { name: string; email: string; phone?: string | null };
  /** The shopper's saved addresses, the default first: one-tap choices. */
  addresses?: SavedAddress[];
  /** Cash on delivery's fee, shown beside its choice. */
  codFeePaise?: number;
  /** The account's WhatsApp updates: on, the box starts ticked; a number on the account lets the box turn them on too (decisions/055). */
  whatsapp?: { accountOptedIn: boolean; accountHasPhone: boolean };
  /** Prescription-only lines in the cart (decisions/019): the step shown before the pay button, the ids attached, and why paying cannot start yet. */
  prescription?: { step: React.ReactNode; ids: string[]; problem?: string };
  payments: PaymentSetup;
  /** Shown beside the pay button until the quote answers (on a phone the summary is further down the page). */
  totalPaise: number;
}) {
  const navigate = useNavigate();
  const lp = useLocalePath();
  const language = useLanguage();
  const t = useT();
  const apiText = useOrderApiText();
  const cartStore = useCartStore();
  const [firstName, ...rest] = customer.name.trim().split(/\s+/);
  const [values, setValues] = useState<ShippingAddress>({
    firstName: firstName ?? "",
    lastName: rest.join(" "),
    address: "",
    line2: "",
    landmark: "",
    city: "",
    postalCode: "",
    state: "",
    phone: customer.phone ?? "",
    email: customer.email,
  });
  // A saved address (the default first) or a new one typed in.
  const [choice, setChoice] = useState<string>(addresses[0]?._id ?? NEW_ADDRESS);
  const [saveNew, setSaveNew] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>("razorpay");
  const [whatsappUpdates, setWhatsappUpdates] = useState(whatsapp.accountOptedIn);
  // The new address's PIN code as the shop serves it; the state it filled in (so a correction stands).
  const [pinInfo, setPinInfo] = useState<ServiceabilityJson | null>(null);
  const filledState = useRef<string | null>(null);
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  useEffect(() => onQuote?.(quote), [quote, onQuote]);
  // The latest callback, read by the quote's answer without asking the quote again when it changes.
  const couponRefused = useRef(onCouponRefused);
  couponRefused.current = onCouponRefused;
  const [codRefusal, setCodRefusal] = useState<string | null>(null);
  // No quote is asked while an order is being placed (it would find the cart already emptied).
  const placing = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<ShippingField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!busy) placing.current = false;
  }, [busy]);
  // The order of the last attempt: paying again after a failure or a closed window reuses it
  // (its stock is already reserved) as long as the address has not changed.
  const attempt = useRef<{ key: string; started: CheckoutPlaced } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertId = "checkout-alert";

  const chosen = addresses.find((address) => address._id === choice) ?? null;
  const prescriptionIds = prescription ? { prescriptionIds: prescription.ids } : {};

  /** The body POST /api/checkout (and its quote) is sent for the current choices; null while the new address is incomplete. */
  const checkoutBody = (paymentMethod: PaymentMethod, strict = false): CheckoutBody | null => {
    if (chosen) return { addressId: chosen._id, paymentMethod, ...prescriptionIds };
    const check = checkShippingAddress(values);
    if (!strict && (check.message || Object.keys(check.errors).length > 0)) return null;
    return { shippingAddress: toShippingAddress(values), paymentMethod, ...prescriptionIds };
  };

  // The new address's PIN code: its delivery promise, and the state filled in unless the shopper chose one.
  const pin = values.postalCode.replace(/\s/g, "");
  useEffect(() => {
    if (chosen || !isValidPin(pin)) {
      setPinInfo(null);
      return;
    }
    let current = true;
    void lookupPin(pin).then((found) => {
      if (!current) return;
      setPinInfo(found);
      if (found?.serviceable) {
        setValues((now) => {
          if (now.state !== "" && now.state !== filledState.current) return now;
          filledState.current = found.state;
          return { ...now, state: found.state };
        });
      }
    });
    return () => {
      current = false;
    };
  }, [pin, chosen]);

  // Every fee for the current choices, before the shopper confirms (POST /api/checkout/quote).
  const quoteKey = JSON.stringify(checkoutBody(method));
  useEffect(() => {
    const body = JSON.parse(quoteKey) as CheckoutBody | null;
    if (!body) {
      setQuote(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      if (placing.current) return;
      void quoteCheckout(body).then((answer) => {
        if (!current) return;
        if (answer.ok) {
          setQuote(answer.data);
          setCodRefusal(answer.data.cod.allowed ? null : (answer.data.cod.reason ?? null));
        } else if (body.paymentMethod === "cod" && answer.errors?.paymentMethod) {
          // Not offered here after all: say why and go back to paying online.
          setCodRefusal(answer.errors.paymentMethod);
          setMethod("razorpay");
        } else {
          setQuote(null);
          if (answer.errors?.couponCode) couponRefused.current?.(answer.errors.couponCode, false);
        }
      });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [quoteKey, couponKey]);

  // Cash on delivery is only ever chosen while it is offered for what the form says now.
  const codOffered = quote?.cod.allowed ?? false;
  useEffect(() => {
    if (!codOffered && method === "cod" && !placing.current) setMethod("razorpay");
  }, [codOffered, method]);

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
    placing.current = false;
  };

  /** The order is placed (paid, or cash on delivery): the server emptied the cart, the header count follows at once. */
  const placed = (orderId: string) => {
    attempt.current = null;
    cartStore.reset({ exists: false, count: 0 });
    void navigate(lp(`/order-confirmation?${new URLSearchParams({ orderId })}`));
  };

  const step = usePaymentStep((outcome: PaymentStepOutcome) => {
    if (outcome.kind === "paid") placed(outcome.orderId);
    // Razorpay's window stays open for another try: the form stays busy.
    else if (outcome.kind === "attempt-failed") setAlert(outcome.message);
    else if (outcome.kind === "failed") fail(outcome.message);
    else setBusy(false);
  });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (method === "razorpay" && payments.provider === "unavailable") {
      setAlert(payments.message);
      return;
    }
    if (!chosen) {
      const check = checkShippingAddress(values);
      setErrors(check.errors);
      const firstInvalid = SHIPPING_FIELDS.find((field) => check.errors[field] !== undefined);
      if (check.message) setAlert(check.message);
      if (firstInvalid) {
        focusField(firstInvalid);
        return;
      }
    }

    if (prescription?.problem) {
      setAlert(prescription.problem);
      return;
    }

    setBusy(true);
    placing.current = true;
    if (method === "razorpay" && payments.provider === "razorpay" && !(await step.prepare("razorpay"))) return;

    // The order's emails and messages go out in the language the shopper checked out in (decisions/064).
    const body: CheckoutBody = { ...checkoutBody(method, true)!, whatsappUpdates, language };
    const key = attemptKey(body, filledState.current);
    let started = attempt.current?.key === key ? attempt.current.started : null;
    if (!started) {
      // A new address makes a new order: the unpaid one from the last attempt gives its stock back.
      if (attempt.current) {
        await cancelOrder(attempt.current.started.order._id);
        attempt.current = null;
      }
      const response = await startCheckout(body);
      if (!response.ok) {
        if (response.status === 401) {
          void navigate(lp("/login?redirect=checkout"));
          return;
        }
        const fieldErrors = response.errors ?? {};
        const known = chosen ? [] : SHIPPING_FIELDS.filter((field) => typeof fieldErrors[field] === "string");
        if (known.length > 0) {
          setErrors(Object.fromEntries(known.map((field) => [field, fieldErrors[field]!])));
          focusField(known[0]!);
        }
        if (fieldErrors.paymentMethod) {
          setCodRefusal(fieldErrors.paymentMethod);
          setMethod("razorpay");
        }
        // The alert says why; the server has taken the coupon off the cart.
        if (fieldErrors.couponCode) onCouponRefused?.(fieldErrors.couponCode, true);
        fail(response.message || t("checkout.api.wrong"));
        return;
      }
      started = response.data;
      attempt.current = { key, started };
      // "Save this address to my address book": once the order stands; the order does not depend on it.
      if (!chosen && saveNew) {
        await saveAddress(toSavedAddressBody(values));
        setSaveNew(false);
      }
    }

    const { order, payment } = started;
    if (!payment) {
      // Cash on delivery: placed, nothing to pay now.
      placed(order._id);
      return;
    }
    const contact = chosen
      ? { name: chosen.fullName, phone: chosen.phone, line: `${chosen.line1}, ${chosen.city} ${chosen.postalCode}` }
      : { name: `${values.firstName} ${values.lastName}`.trim(), phone: toShippingAddress(values).phone ?? "", line: `${values.address}, ${values.city} ${pin}` };
    await step.start({ order, payment }, { name: contact.name, email: customer.email, contact: contact.phone, notes: { address: contact.line } });
  }

  const describedBy = (field: ShippingField) => {
    const ids = [errors[field] ? `${field}-error` : null, errors[field] === "" && alert ? alertId : null].filter(Boolean);
    return ids.length > 0 ? ids.join(" ") : undefined;
  };

  const label = (name: ShippingField) => (
    <label htmlFor={`checkout-${name}`} className="block text-sm font-medium text-gray-800">
      {t(`checkout.field.${name}`)}
      {name === "email" ? null : isOptional(name) ? <span className="font-normal text-gray-700">{t("checkout.optional")}</span> : <span aria-hidden> *</span>}
    </label>
  );

  const fieldError = (name: ShippingField) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
        {apiText(errors[name])}
      </p>
    ) : null;

  const field = (name: ShippingField, props: React.InputHTMLAttributes<HTMLInputElement> = {}, className = "") => (
    <div className={className}>
      {label(name)}
      <input
        id={`checkout-${name}`}
        name={name}
        value={values[name]}
        onChange={set(name)}
        autoComplete={AUTOCOMPLETE[name]}
        required={name !== "email" && !isOptional(name)}
        aria-invalid={errors[name] !== undefined ? true : undefined}
        aria-describedby={describedBy(name)}
        className={CONTROL}
        {...props}
      />
      {fieldError(name)}
    </div>
  );

  // What the shop promises for the chosen address: the quote's, or the typed PIN code's while the rest is being filled in.
  const promise = quote?.estimatedDelivery ?? (pinInfo?.serviceable ? pinInfo.estimatedDelivery : undefined);
  const notServed = !chosen && pinInfo !== null && !pinInfo.serviceable;
  const codAllowed = quote ? quote.cod.allowed : false;
  const codReason =
    codRefusal ??
    (!chosen && pinInfo?.serviceable && !pinInfo.cod
      ? t("checkout.api.codPin")
      : quote
        ? null
        : t("checkout.codEnterAddress"));
  const payNowPaise = quote ? rupeesToPaise(quote.totalPrice) : totalPaise;
  const codFeeShownPaise = quote ? rupeesToPaise(quote.codFee) : 0;
  const radio = "h-4 w-4 flex-none accent-brand-700";
  const choiceCard =
    "flex cursor-pointer items-start gap-3 rounded-md border border-gray-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-gray-50";

  return (
    <>
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t("checkout.form")} className="space-y-6">
        {payments.provider === "unavailable" && !alert ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">{apiText(payments.message)}</p>
        ) : null}
        {alert ? (
          <p id={alertId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            {apiText(alert)}
          </p>
        ) : null}
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-gray-900">
            {t("checkout.contact")}
          </legend>
          {field("email", { type: "email", disabled: true, readOnly: true, placeholder: customer.email})}
          <p className="-mt-2 text-sm text-gray-700">{t("checkout.contactNote")}</p>
        </fieldset>
        {addresses.length > 0 ? (
          <fieldset className="space-y-2">
            <legend className="mb-2 text-lg font-semibold text-gray-900">{t("checkout.deliverTo")}</legend>
            {addresses.map((address) => (
              <label key={address._id} className={choiceCard}>
                <input
                  type="radio"
                  name="addressChoice"
                  value={address._id}
                  checked={choice === address._id}
                  onChange={() => setChoice(address._id)}
                  className={`mt-1 ${radio}`}
                />
                <span className="text-gray-900">
                  <span lang="en">{savedAddressLine(address)}</span>
                  <span className="block text-sm text-gray-700">{t(address.isDefault ? "checkout.mobileDefault" : "checkout.mobile", { phone: address.phone })}</span>
                </span>
              </label>
            ))}
            <label className={choiceCard}>
              <input
                type="radio"
                name="addressChoice"
                value={NEW_ADDRESS}
                checked={choice === NEW_ADDRESS}
                onChange={() => setChoice(NEW_ADDRESS)}
                className={`mt-1 ${radio}`}
              />
              <span className="font-medium text-gray-900">{t("checkout.useNewAddress")}</span>
            </label>
          </fieldset>
        ) : null}
        {chosen ? null : (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-4 text-lg font-semibold text-gray-900">{t(addresses.length > 0 ? "checkout.newAddress" : "checkout.delivery")}</legend>
            {field("firstName")}
            {field("lastName")}
            {field("address", {}, "sm:col-span-2")}
            {field("line2", {}, "sm:col-span-2")}
            {field("landmark", { placeholder: t("checkout.landmarkPlaceholder") }, "sm:col-span-2")}
            {field("city")}
            {field("postalCode", { inputMode: "numeric", maxLength: 7 })}
            <div>
              {label("state")}
              <select
                id="checkout-state"
                name="state"
                value={values.state}
                onChange={(event) => {
                  filledState.current = null;
                  set("state")(event);
                }}
                autoComplete={AUTOCOMPLETE.state}
                aria-invalid={errors.state !== undefined ? true : undefined}
                aria-describedby={describedBy("state")}
                className={CONTROL}
              >
                <option value="">{t("checkout.stateFromPin")}</option>
                {INDIAN_STATES.map((state) => (
                  <option key={state}>{state}</option>
                ))}
              </select>
              {fieldError("state")}
            </div>
            <div>
              <p className="block text-sm font-medium text-gray-800">{t("checkout.country")}</p>
              <p className="mt-1 py-2 text-base text-gray-900">{t("checkout.india")}</p>
            </div>
            {field("phone", { type: "tel", inputMode: "tel", placeholder: t("checkout.phonePlaceholder") })}
            <label className="flex items-center gap-2 text-gray-900 sm:col-span-2">
              <input type="checkbox" name="saveAddress" checked={saveNew} onChange={(event) => setSaveNew(event.target.checked)} className="h-4 w-4 accent-brand-700" />
              {t("checkout.saveAddress")}
            </label>
          </fieldset>
        )}
        <div aria-live="polite" className="text-sm">
          {notServed ? (
            <p data-testid="checkout-delivery" className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
              <Truck className="h-4 w-4 flex-none" aria-hidden />
              {t("checkout.api.notServiceable")}
            </p>
          ) : promise ? (
            <p data-testid="checkout-delivery" className="flex items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-gray-900">
              <Truck className="h-4 w-4 flex-none text-brand-700" aria-hidden />
              <span className="font-semibold">{t("checkout.deliveryBy", { date: formatDeliveryDate(promise.to, language) })}</span>
            </p>
          ) : null}
        </div>
        {chosen ? null : (
          <p className="text-sm text-gray-700">
            {t("checkout.requiredBefore")}
            <span aria-hidden>*</span>
            <span className="sr-only">{t("checkout.requiredSr")}</span>
            {t("checkout.requiredAfter")}
          </p>
        )}
        <WhatsAppChoice
          checked={whatsappUpdates}
          onChange={setWhatsappUpdates}
          phone={chosen ? chosen.phone : phoneDigits(values.phone)}
          account={whatsapp}
        />
        {prescription?.step}
        <fieldset className="space-y-2">
          <legend className="mb-2 text-lg font-semibold text-gray-900">{t("checkout.payment")}</legend>
          <label className={choiceCard}>
            <input
              type="radio"
              name="paymentMethod"
              value="razorpay"
              checked={method === "razorpay"}
              onChange={() => setMethod("razorpay")}
              className={`mt-1 ${radio}`}
            />
            <span className="text-gray-900">{t("checkout.payOnline")}</span>
          </label>
          <label className={choiceCard}>
            <input
              type="radio"
              name="paymentMethod"
              value="cod"
              checked={method === "cod"}
              disabled={!codAllowed}
              aria-describedby={codAllowed ? undefined : "cod-reason"}
              onChange={() => setMethod("cod")}
              className={`mt-1 ${radio}`}
            />
            <span className="text-gray-900">
              {t("checkout.cod")}
              {codFeePaise > 0 ? <span className="text-gray-700">{t("checkout.codFee", { fee: formatRupees(codFeePaise) })}</span> : null}
              {!codAllowed && codReason ? (
                <span id="cod-reason" className="block text-sm text-gray-700">
                  {apiText(codReason)}
                </span>
              ) : null}
            </span>
          </label>
        </fieldset>
        <dl className="space-y-1 border-t border-gray-200 pt-4 text-gray-900">
          {codFeeShownPaise > 0 ? (
            <div className="flex items-baseline justify-between text-base">
              <dt>{t("orders.codFee")}</dt>
              <dd>{formatRupees(codFeeShownPaise)}</dd>
            </div>
          ) : null}
          <div className="flex items-baseline justify-between text-lg font-bold">
            <dt>{t(method === "cod" ? "checkout.totalOnDelivery" : "checkout.totalToPay")}</dt>
            <dd>{formatRupees(payNowPaise)}</dd>
          </div>
        </dl>
        <button
          type="submit"
          aria-disabled={busy}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          <Lock className="h-4 w-4" aria-hidden />
          {t(busy ? "checkout.processing" : method === "cod" ? "checkout.placeOrder" : "checkout.payNow")}
        </button>
        <p role="status" className="sr-only">
          {busy ? t("checkout.processing") : ""}
        </p>
      </form>
      {step.dialog}
    </>
  );
}

/**
 * What makes an attempt's order reusable: the body without a state the PIN code filled in. The
 * server takes the PIN's state when none is sent, so a lookup answering after the first "Pay"
 * changes nothing of that order, and trying again must reopen it rather than replace it.
 */
function attemptKey(body: CheckoutBody, pinState: string | null): string {
  if (!("shippingAddress" in body)) return JSON.stringify(body);
  const state = body.shippingAddress.state;
  if (state !== undefined && state !== "" && state !== pinState) return JSON.stringify(body);
  const { state: _filled, ...address } = body.shippingAddress;
  return JSON.stringify({ ...body, shippingAddress: address });
}
