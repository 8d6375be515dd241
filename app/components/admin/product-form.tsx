import { useRef, useState } from "react";
import { useFocusFirstError } from "~/lib/focus-first-error";
import { UnsavedChangesGuard } from "./unsaved-changes";
import { Form, useNavigation } from "react-router";
import { GST_RATES } from "#common/admin.ts";
import { checkProduct, translationKey } from "#common/admin-product.ts";
import { TRANSLATABLE_PRODUCT_FIELDS, type ProductTranslations, type TranslatableProductField } from "#common/language.ts";
import { CATEGORIES, DOSAGE_FORMS, type ProductImageJson } from "#common/catalog.ts";
import { MEDICINE_FIELDS, type MedicineInformation } from "#common/medicine-information.ts";
import { SCHEDULE_LABELS, SCHEDULES, type Schedule } from "#common/prescriptions.ts";
import { Field, TextAreaField } from "~/components/ui/field";
import { ImageUploader } from "./image-uploader";
import { BUTTON_PRIMARY, INPUT } from "./page-header";

/** What the form shows: a stored product (edit) or the blank defaults (create). */
export interface ProductFormValues extends MedicineInformation {
  name: string;
  description: string;
  category: string;
  form: string | null;
  subcategory: string | null;
  brand: string | null;
  sku: string;
  price: number | null;
  mrp: number | null;
  countInStock: number;
  quantity: string | null;
  tags: string[];
  collections: string[];
  schedule: Schedule;
  bestseller: boolean;
  published: boolean;
  hsnCode: string | null;
  gstRate: number;
  batchNumber: string | null;
  expiryDate: string | null;
  /** Null: the shop's default threshold (Settings). */
  lowStockThreshold: number | null;
  /** One unit's parcel (grams, cm); null: not given. */
  parcelWeightG: number | null;
  parcelLengthCm: number | null;
  parcelBreadthCm: number | null;
  parcelHeightCm: number | null;
  images: ProductImageJson[];
  /** The product's Hindi text (decisions/063); shoppers read English where a field has none. */
  i18n: ProductTranslations;
}

export const BLANK_PRODUCT: ProductFormValues = {
  name: "",
  description: "",
  category: "",
  form: null,
  subcategory: null,
  brand: null,
  sku: "",
  price: null,
  mrp: null,
  countInStock: 0,
  quantity: null,
  tags: [],
  collections: [],
  schedule: "OTC",
  bestseller: false,
  published: true,
  hsnCode: null,
  gstRate: 5,
  batchNumber: null,
  expiryDate: null,
  lowStockThreshold: null,
  parcelWeightG: null,
  parcelLengthCm: null,
  parcelBreadthCm: null,
  parcelHeightCm: null,
  images: [],
  i18n: {},
  ...(Object.fromEntries(MEDICINE_FIELDS.map((field) => [field.name, null])) as MedicineInformation),
};

const NUMBER_FIELDS = new Set(["price", "mrp", "countInStock", "gstRate"]);

export const PRODUCT_FLAGS = ["bestseller", "published"] as const;

/**
 * The submitted product form as the admin schemas read it: checkboxes become true/false (an
 * unticked box sends nothing) and the images travel as JSON. Used by the route action and, for
 * instant messages beside the fields, by the browser before submitting.
 */
export function productInput(form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === "intent") continue;
    // An empty number field is "not given" (MRP then defaults to the price); empty text clears a field.
    if (NUMBER_FIELDS.has(name) && value.trim() === "") continue;
    // The Hindi fields (`i18n.hi.name`) are the body's `i18n: { hi: { name } }`; empty removes that text.
    const translated = /^i18n\.([a-z]+)\.(\w+)$/.exec(name);
    if (translated) {
      const [, language, field] = translated as unknown as [string, string, string];
      const i18n = (input.i18n ??= {}) as Record<string, Record<string, string>>;
      (i18n[language] ??= {})[field] = value;
      continue;
    }
    input[name] = value;
  }
  for (const flag of PRODUCT_FLAGS) input[flag] = form.get(flag) === "on";
  try {
    input.images = JSON.parse(typeof input.images === "string" ? input.images : "[]");
  } catch {
    input.images = "invalid";
  }
  return input;
}

interface ProductFormProps {
  values: ProductFormValues;
  mode: "create" | "edit";
  errors?: Record<string, string>;
  message?: string;
}

/**
 * Every field of a product. Nothing is lost on a failed save: the inputs keep what was typed
 * (uncontrolled, and the page is not reloaded) and the server's messages appear beside them.
 */
export function ProductForm({ values, mode, errors: serverErrors = {}, message }: ProductFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? serverErrors;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, clientErrors ?? (Object.keys(serverErrors).length > 0 ? serverErrors : null));
  const submitLabel = mode === "create" ? "Create Product" : "Save Changes";

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="mt-6 space-y-6"
      onSubmit={(event) => {
        const result = checkProduct(productInput(new FormData(event.currentTarget)), mode === "create" ? "create" : "update");
        if (result.ok) {
          setClientErrors(null);
          return;
        }
        event.preventDefault();
        setClientErrors(result.errors);
      }}
    >
      {message && Object.keys(errors).length === 0 ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {message}
        </p>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          Please fix the errors in the form
        </p>
      ) : null}

      <section aria-labelledby="product-basics" className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2">
        <h2 id="product-basics" className="text-lg font-semibold text-gray-900 sm:col-span-2">
          Product
        </h2>
        <Field label="Name" name="name" required defaultValue={values.name} error={errors.name} className="sm:col-span-2" />
        <TextAreaField
          label="Description"
          name="description"
          required
          rows={5}
          defaultValue={values.description}
          error={errors.description}
          className="sm:col-span-2"
        />
        <SelectField label="Category (shop section)" name="category" defaultValue={values.category} error={errors.category} required>
          <option value="">Choose a section</option>
          {CATEGORIES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </SelectField>
        <SelectField label="Form" name="form" defaultValue={values.form ?? ""} error={errors.form}>
          <option value="">Not set</option>
          {DOSAGE_FORMS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </SelectField>
        <Field label="Subcategory" name="subcategory" defaultValue={values.subcategory ?? ""} error={errors.subcategory} />
        <Field label="Brand" name="brand" defaultValue={values.brand ?? ""} error={errors.brand} />
        <Field
          label="SKU"
          name="sku"
          defaultValue={values.sku}
          error={errors.sku}
          placeholder={mode === "create" ? "Generated when left empty" : undefined}
        />
        <Field label="Pack text" name="quantity" defaultValue={values.quantity ?? ""} error={errors.quantity} placeholder="e.g. 200ml, 10x10 Capsules" />
        <Field label="Tags (comma-separated)" name="tags" defaultValue={values.tags.join(", ")} error={errors.tags} />
        <Field label="Collections (comma-separated)" name="collections" defaultValue={values.collections.join(", ")} error={errors.collections} />
      </section>

      <section aria-labelledby="product-pricing" className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <h2 id="product-pricing" className="text-lg font-semibold text-gray-900 sm:col-span-2 lg:col-span-4">
          Price, stock and tax
        </h2>
        <Field label="Price (₹)" name="price" inputMode="decimal" required defaultValue={values.price ?? ""} error={errors.price} />
        <Field label="MRP (₹)" name="mrp" inputMode="decimal" defaultValue={values.mrp ?? ""} error={errors.mrp} placeholder="Same as the price when empty" />
        <Field label="Stock" name="countInStock" inputMode="numeric" defaultValue={values.countInStock} error={errors.countInStock} />
        <Field
          label="Low-stock alert at"
          name="lowStockThreshold"
          inputMode="numeric"
          defaultValue={values.lowStockThreshold ?? ""}
          error={errors.lowStockThreshold}
          placeholder="Shop default (Settings)"
        />
        <SelectField label="GST rate (%)" name="gstRate" defaultValue={String(values.gstRate)} error={errors.gstRate}>
          {GST_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {rate}%
            </option>
          ))}
        </SelectField>
        <Field label="HSN code" name="hsnCode" inputMode="numeric" defaultValue={values.hsnCode ?? ""} error={errors.hsnCode} />
        <Field label="Batch number" name="batchNumber" defaultValue={values.batchNumber ?? ""} error={errors.batchNumber} />
        <Field label="Expiry date" name="expiryDate" type="date" defaultValue={values.expiryDate ?? ""} error={errors.expiryDate} />
      </section>

      <section aria-labelledby="product-parcel" className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-4">
          <h2 id="product-parcel" className="text-lg font-semibold text-gray-900">
            Parcel
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            One unit packed for the courier. Shipping an order with Shiprocket starts from these: the weights of its units added up and the largest box. Leave them empty if not known.
          </p>
        </div>
        <Field label="Weight (g)" name="parcelWeightG" inputMode="numeric" defaultValue={values.parcelWeightG ?? ""} error={errors.parcelWeightG} />
        <Field label="Length (cm)" name="parcelLengthCm" inputMode="numeric" defaultValue={values.parcelLengthCm ?? ""} error={errors.parcelLengthCm} />
        <Field label="Breadth (cm)" name="parcelBreadthCm" inputMode="numeric" defaultValue={values.parcelBreadthCm ?? ""} error={errors.parcelBreadthCm} />
        <Field label="Height (cm)" name="parcelHeightCm" inputMode="numeric" defaultValue={values.parcelHeightCm ?? ""} error={errors.parcelHeightCm} />
      </section>

      <MedicineFields values={values} errors={errors} />

      <HindiFields translations={values.i18n} errors={errors} />

      <section aria-labelledby="product-flags" className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="product-flags" className="text-lg font-semibold text-gray-900">
          Visibility
        </h2>
        <div className="mt-3 flex flex-wrap gap-6">
          <Checkbox name="published" label="Published" defaultChecked={values.published} />
          <Checkbox name="bestseller" label="Bestseller" defaultChecked={values.bestseller} />
        </div>
        <div className="mt-4 max-w-sm">
          <SelectField label="Drug schedule" name="schedule" defaultValue={values.schedule} error={errors.schedule}>
            {SCHEDULES.map((schedule) => (
              <option key={schedule} value={schedule}>
                {SCHEDULE_LABELS[schedule]}
              </option>
            ))}
          </SelectField>
          <p className="mt-1 text-sm text-gray-700">Schedule H and H1 need a prescription at checkout; Schedule X cannot be published.</p>
        </div>
      </section>

      <ImageUploader initial={values.images} error={errors.images} />

      <div className="flex justify-end">
        <button type="submit" name="intent" value="save" disabled={saving} className={BUTTON_PRIMARY}>
          {saving ? "Saving..." : submitLabel}
        </button>
      </div>
      <UnsavedChangesGuard formRef={formRef} saved={Object.keys(serverErrors).length === 0 && !message} />
    </Form>
  );
}

/** Placeholders that show the admin the expected shape of a field. */
const MEDICINE_PLACEHOLDERS: Partial<Record<(typeof MEDICINE_FIELDS)[number]["name"], string>> = {
  composition: "e.g. Tranexamic Acid 500 mg + Mefenamic Acid 250 mg",
  safetyAdvice: "One line per topic, e.g.\nPregnancy: Consult your doctor.\nAlcohol: Avoid.",
  manufacturer: "Name, address",
};

/** The medicine information the product page shows (decisions/027); an empty field is not shown. */
function MedicineFields({ values, errors }: { values: MedicineInformation; errors: Record<string, string> }) {
  return (
    <section aria-labelledby="product-medicine" className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2">
      <h2 id="product-medicine" className="text-lg font-semibold text-gray-900 sm:col-span-2">
        Medicine information
      </h2>
      {MEDICINE_FIELDS.map((field) =>
        field.multiline ? (
          <TextAreaField
            key={field.name}
            label={field.label}
            name={field.name}
            rows={field.name === "safetyAdvice" ? 5 : 3}
            defaultValue={values[field.name] ?? ""}
            error={errors[field.name]}
            placeholder={MEDICINE_PLACEHOLDERS[field.name]}
            className={field.name === "manufacturer" || field.name === "marketer" ? undefined : "sm:col-span-2"}
          />
        ) : (
          <Field
            key={field.name}
            label={field.label}
            name={field.name}
            defaultValue={values[field.name] ?? ""}
            error={errors[field.name]}
            placeholder={MEDICINE_PLACEHOLDERS[field.name]}
            className={field.name === "composition" ? "sm:col-span-2" : undefined}
          />
        ),
      )}
    </section>
  );
}

/** The Hindi labels' English names, for staff. */
const HINDI_LABELS: Record<TranslatableProductField, string> = {
  name: "Name in Hindi",
  description: "Description in Hindi",
  composition: "Salt composition in Hindi",
  uses: "Uses in Hindi",
  directions: "How to take, in Hindi",
  sideEffects: "Side effects in Hindi",
  safetyAdvice: "Safety advice in Hindi",
};

const HINDI_PLACEHOLDERS: Partial<Record<TranslatableProductField, string>> = {
  name: "e.g. Macnurish न्यूट्रिशन पाउडर",
  safetyAdvice: "One line per topic, e.g.\nगर्भावस्था: अपने डॉक्टर से सलाह लें।\nशराब: सेवन न करें।",
};

/**
 * The product's text in Hindi for the /hi pages (decisions/063): shoppers reading Hindi see each
 * field that is filled in here, and the English one where it is left empty. Labels stay English
 * for staff; the inputs are marked Hindi, so the browser and screen readers treat the text as Hindi.
 */
function HindiFields({ translations, errors }: { translations: ProductTranslations; errors: Record<string, string> }) {
  const hindi = translations.hi ?? {};
  return (
    <section aria-labelledby="product-hindi" className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <h2 id="product-hindi" className="text-lg font-semibold text-gray-900">
          Hindi
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Shown on the Hindi pages. Leave a field empty to show the English text there. Brand and medicine names may stay as they are.
        </p>
      </div>
      {TRANSLATABLE_PRODUCT_FIELDS.map((field) => {
        const name = translationKey("hi", field);
        const shared = { label: HINDI_LABELS[field], name, lang: "hi", defaultValue: hindi[field] ?? "", error: errors[name], placeholder: HINDI_PLACEHOLDERS[field] };
        return field === "name" || field === "composition" ? (
          <Field key={field} {...shared} className="sm:col-span-2" />
        ) : (
          <TextAreaField key={field} {...shared} rows={field === "description" || field === "safetyAdvice" ? 5 : 3} className="sm:col-span-2" />
        );
      })}
    </section>
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

function SelectField({
  label,
  name,
  defaultValue,
  error,
  required,
  children,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  required?: boolean;
  children: React.ReactNode;
}) {
  const id = `product-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${INPUT} mt-1 bg-white`}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
