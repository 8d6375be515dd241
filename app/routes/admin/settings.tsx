import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { GST_RATES } from "#common/admin.ts";
import { formatDateTime } from "#common/dates.ts";
import { formatCutoff } from "#common/delivery-policy.ts";
import { checkSettings, SETTINGS_MESSAGES } from "#common/settings.ts";
import { ADMIN_MAIN, AdminPageHeader, BUTTON_PRIMARY, EmptyState, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { NOINDEX } from "~/components/auth/auth-card";
import { Field } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/settings";
import { requireAdmin } from "./require-admin.server";
import { loadSettings, saveSettings } from "./settings.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Settings | Admin", "The shop's low-stock threshold and dispatch cut-off, and the GST slabs."),
  NOINDEX,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadSettings(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  return saveSettings(context, admin, await request.formData());
}

const settingsInput = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return { lowStockThreshold: String(data.get("lowStockThreshold") ?? ""), dispatchCutoff: String(data.get("dispatchCutoff") ?? "") };
};

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, gstChanges } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? (actionData && !actionData.ok ? (actionData.errors ?? {}) : {});
  const failure = actionData && !actionData.ok ? actionData.message : undefined;
  const saved = actionData?.ok ? actionData.message : undefined;
  useEffect(() => {
    if (saved) toast.success(saved);
  }, [saved, actionData]);

  return (
    <main id="main" className={`${ADMIN_MAIN} max-w-4xl`}>
      <AdminPageHeader title="Settings" />
      <Form
        method="post"
        noValidate
        key={settings.updatedAt}
        className="mt-6 space-y-4 rounded-lg border border-gray-200 bg-white p-4"
        onSubmit={(event) => {
          const result = checkSettings(settingsInput(event.currentTarget));
          if (result.ok) {
            setClientErrors(null);
            return;
          }
          event.preventDefault();
          setClientErrors(result.errors);
          event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(result.errors)[0]}"]`)?.focus();
        }}
      >
        {failure || Object.keys(errors).length > 0 ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {Object.keys(errors).length > 0 ? "Please fix the errors in the form" : failure}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Field
              label="Low-stock threshold (units)"
              name="lowStockThreshold"
              inputMode="numeric"
              required
              defaultValue={String(settings.lowStockThreshold)}
              error={errors.lowStockThreshold}
              aria-describedby={errors.lowStockThreshold ? undefined : "threshold-hint"}
            />
            <p id="threshold-hint" className="mt-1 text-sm text-gray-700">
              Products without their own alert level are listed on the dashboard, and in the admins' daily email, at or below this
              stock.
            </p>
          </div>
          <div>
            <Field
              label="Dispatch cut-off (India time)"
              name="dispatchCutoff"
              type="time"
              defaultValue={settings.dispatchCutoffIsDefault ? "" : settings.dispatchCutoff}
              error={errors.dispatchCutoff}
              aria-describedby={errors.dispatchCutoff ? undefined : "cutoff-hint"}
            />
            <p id="cutoff-hint" className="mt-1 text-sm text-gray-700">
              Orders placed before it leave the same working day; every delivery date and promise uses it. Now{" "}
              {formatCutoff(settings.dispatchCutoff)}
              {settings.dispatchCutoffIsDefault ? " (the configured default)" : ""}. Leave empty for the configured{" "}
              {formatCutoff(settings.defaultDispatchCutoff)}.
            </p>
          </div>
        </div>
        <button type="submit" className={BUTTON_PRIMARY} disabled={saving}>
          {saving ? "Saving…" : "Save Settings"}
        </button>
      </Form>

      <section aria-labelledby="gst-heading" className="mt-8">
        <h2 id="gst-heading" className="text-lg font-semibold text-gray-900">
          GST slabs
        </h2>
        <p className="mt-2 text-sm text-gray-700">
          Since 22 September 2025 the slabs are {GST_RATES.map((rate) => `${rate}%`).join(", ")}. Products on the removed 12% and 28% slabs
          were moved to 5% and 18% (the reform's general mapping). The right rate depends on each product's HSN code: check the products
          below and correct any on its edit page. Past orders and invoices keep the rate they were sold at.
        </p>
        {gstChanges.length === 0 ? (
          <EmptyState>No product was on the 12% or 28% slab.</EmptyState>
        ) : (
          <div className={TABLE_WRAP}>
            <table className={TABLE}>
              <caption className="sr-only">Products moved by the GST reform</caption>
              <thead className={THEAD}>
                <tr>
                  <th scope="col" className={TH}>Product</th>
                  <th scope="col" className={TH}>SKU</th>
                  <th scope="col" className={TH}>Was</th>
                  <th scope="col" className={TH}>Now</th>
                  <th scope="col" className={TH}>Moved</th>
                  <th scope="col" className={TH}><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {gstChanges.map((change) => (
                  <tr key={change.productId}>
                    <td className={`${TD} font-medium text-gray-900`} data-label="Product">{change.name}</td>
                    <td className={`${TD} font-mono text-xs`} data-label="SKU">{change.sku}</td>
                    <td className={TD} data-label="Was">{change.fromRate}%</td>
                    <td className={TD} data-label="Now">{change.toRate}%</td>
                    <td className={`${TD} whitespace-nowrap`} data-label="Moved">{formatDateTime(change.at)}</td>
                    <td className={`${TD} text-right`} data-label="">
                      <Link to={`/admin/products/${change.productId}/edit`} className="font-medium text-brand-800 underline" aria-label={`Check ${change.name}`}>
                        Check
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <p className="sr-only" aria-live="polite">
        {saved ? SETTINGS_MESSAGES.saved : ""}
      </p>
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
