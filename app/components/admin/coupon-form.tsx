import { Form, useNavigation } from "react-router";
import { useRef, useState } from "react";
import { useFocusFirstError } from "~/lib/focus-first-error";
import { checkAdminCoupon, istInputValue, type AdminCouponInput } from "#common/admin-coupon.ts";
import { CATEGORIES } from "#common/catalog.ts";
import { BUTTON_PRIMARY, INPUT } from "~/components/admin/page-header";
import { Field } from "~/components/ui/field";

export const BLANK_COUPON: AdminCouponInput = {
  code: "",
  type: "percent",
  value: 10,
  maxDiscount: null,
  minOrder: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: 1,
  firstOrderOnly: false,
  categories: [],
  productIds: [],
  includeRx: false,
  active: true,
  public: false,
};

/** The form's fields as the shared check reads them (unticked boxes are false; several categories are a list). */
export function couponFormInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    code: text("code"),
    type: text("type"),
    value: text("value"),
    maxDiscount: text("maxDiscount"),
    minOrder: text("minOrder"),
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
    usageLimit: text("usageLimit"),
    perCustomerLimit: text("perCustomerLimit"),
    firstOrderOnly: form.has("firstOrderOnly"),
    categories: form.getAll("categories").filter((value) => typeof value === "string"),
    productIds: text("productIds"),
    includeRx: form.has("includeRx"),
    active: form.has("active"),
    public: form.has("public"),
  };
}

/** Create or edit a coupon: checked in the browser by the same function as the API, then posted to the page's action. */
export function CouponForm({
  values,
  mode,
  errors: serverErrors = {},
  message,
}: {
  values: AdminCouponInput;
  mode: "create" | "edit";
  errors?: Record<string, string>;
  message?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? serverErrors;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, clientErrors ?? (Object.keys(serverErrors).length > 0 ? serverErrors : null));
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="mt-6 space-y-6"
      onSubmit={(event) => {
        const result = checkAdminCoupon(couponFormInput(new FormData(event.currentTarget)));
        if (result.ok) {
          setClientErrors(null);
          return;
        }
        event.preventDefault();
        setClientErrors(result.errors);
      }}
    >
      {message || Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {Object.keys(errors).length > 0 ? "Please fix the errors in the form" : message}
        </p>
      ) : null}
      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold text-gray-900">Discount</legend>
        <Field label="Code" name="code" defaultValue={values.code} error={errors.code} autoCapitalize="characters" required />
        <div>
          <label htmlFor="coupon-type" className="block text-sm font-medium text-gray-800">
            Type
          </label>
          <select id="coupon-type" name="type" defaultValue={values.type} className={`${INPUT} mt-1 bg-white`}>
            <option value="percent">Percentage</option>
            <option value="fixed">Fixed amount (₹)</option>
          </select>
        </div>
        <Field label="Value (% or ₹)" name="value" inputMode="decimal" defaultValue={String(values.value)} error={errors.value} required />
        <Field label="Maximum discount (₹, optional)" name="maxDiscount" inputMode="decimal" defaultValue={values.maxDiscount ?? ""} error={errors.maxDiscount} />
        <Field label="Minimum order (₹, items before discount)" name="minOrder" inputMode="decimal" defaultValue={String(values.minOrder)} error={errors.minOrder} />
      </fieldset>
      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold text-gray-900">When and how often (India time)</legend>
        <Field label="Starts (optional)" name="startsAt" type="datetime-local" defaultValue={istInputValue(values.startsAt)} error={errors.startsAt} />
        <Field label="Ends (optional)" name="endsAt" type="datetime-local" defaultValue={istInputValue(values.endsAt)} error={errors.endsAt} />
        <Field label="Total uses (optional)" name="usageLimit" inputMode="numeric" defaultValue={values.usageLimit ?? ""} error={errors.usageLimit} />
        <Field label="Uses per customer (optional)" name="perCustomerLimit" inputMode="numeric" defaultValue={values.perCustomerLimit ?? ""} error={errors.perCustomerLimit} />
        <Checkbox name="firstOrderOnly" label="First order only" defaultChecked={values.firstOrderOnly} />
        <Checkbox name="active" label="Active" defaultChecked={values.active} />
        <div className="sm:col-span-2">
          <Checkbox name="public" label="Show to shoppers as an offer" defaultChecked={values.public} />
          <p className="mt-1 text-sm text-gray-700">
            Listed in the cart and at checkout while it applies. Leave it unticked for codes you hand out yourself.
          </p>
          {errors.public ? <p className="text-sm text-red-700">{errors.public}</p> : null}
        </div>
      </fieldset>
      <fieldset className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
        <legend className="px-1 font-semibold text-gray-900">Products it applies to</legend>
        <div role="group" aria-labelledby="coupon-categories" className="space-y-2">
          <p id="coupon-categories" className="text-sm font-medium text-gray-800">
            Shop sections (none ticked: every section)
          </p>
          <div className="flex flex-wrap gap-4">
            {CATEGORIES.map((category) => (
              <label key={category} className="inline-flex items-center gap-2 text-gray-800">
                <input type="checkbox" name="categories" value={category} defaultChecked={values.categories.includes(category)} className="h-4 w-4 accent-brand-700" />
                {category}
              </label>
            ))}
          </div>
          {errors.categories ? <p className="text-sm text-red-700">{errors.categories}</p> : null}
        </div>
        <Field
          label="Product ids (optional, separated by commas)"
          name="productIds"
          defaultValue={values.productIds.join(", ")}
          error={errors.productIds}
        />
        <Checkbox name="includeRx" label="Include prescription medicines" defaultChecked={values.includeRx} />
      </fieldset>
      <button type="submit" className={BUTTON_PRIMARY} disabled={saving}>
        {saving ? "Saving…" : mode === "create" ? "Create Coupon" : "Save Changes"}
      </button>
    </Form>
  );
}

function Checkbox({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="inline-flex items-center gap-2 text-gray-800">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="h-4 w-4 accent-brand-700" />
      {label}
    </label>
  );
}
