import { Download } from "lucide-react";
import { data } from "react-router";
import { SERVICEABILITY_CSV_HEADER } from "#common/serviceability.ts";
import { CsvUploadForm } from "~/components/admin/csv-upload";
import { ADMIN_MAIN, AdminPageHeader, BUTTON_SECONDARY, EmptyState, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/serviceability";
import { requireAdmin } from "./require-admin.server";
import { importRangesFromForm, loadRanges } from "./serviceability.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Serviceability | Admin", "Where the shop delivers: PIN ranges, delivery days and cash on delivery."),
  NOINDEX,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { ranges: await loadRanges(context) };
}

/** The CSV import (multipart, with or without JavaScript): the whole table replaced, or nothing and the rows to fix. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const { status, outcome } = await importRangesFromForm(context, admin, await request.formData());
  return data(outcome, { status });
}

export default function AdminServiceability({ loaderData, actionData }: Route.ComponentProps) {
  const { ranges } = loaderData;
  const states = new Set(ranges.map((range) => range.state)).size;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Serviceability">
        <a href="/admin/serviceability.csv" download className={BUTTON_SECONDARY}>
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </a>
      </AdminPageHeader>
      <p className="mt-2 text-gray-700">
        {ranges.length} PIN ranges in {states} states and union territories. Delivery days are working days (Monday to Saturday) after dispatch.
      </p>

      <section aria-labelledby="import-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="import-heading" className="text-lg font-semibold text-gray-900">
          Import CSV
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          The file replaces the whole table. Columns: <code className="break-all">{SERVICEABILITY_CSV_HEADER.join(",")}</code> (cod: yes or no). If any row is wrong,
          nothing is imported and the rows to fix are listed.
        </p>
        <CsvUploadForm inputId="serviceability-file" outcome={actionData} />
      </section>

      {ranges.length === 0 ? (
        <EmptyState>No PIN ranges: the shop delivers nowhere until a file is imported.</EmptyState>
      ) : (
        // Focusable regions: on a phone the tables scroll sideways, and keyboard users must reach them.
        <div className={TABLE_WRAP} role="region" aria-label="PIN ranges" tabIndex={0}>
          <table className={TABLE}>
            <caption className="sr-only">PIN ranges</caption>
            <thead className={THEAD}>
              <tr>
                <th scope="col" className={TH}>PIN codes</th>
                <th scope="col" className={TH}>State/UT</th>
                <th scope="col" className={TH}>City</th>
                <th scope="col" className={TH}>Working days</th>
                <th scope="col" className={TH}>Cash on delivery</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {ranges.map((range) => (
                <tr key={range._id}>
                  <td className={`${TD} whitespace-nowrap tabular-nums`}>
                    {range.pinFrom === range.pinTo ? range.pinFrom : `${range.pinFrom}–${range.pinTo}`}
                  </td>
                  <td data-label="State/UT" className={TD}>{range.state}</td>
                  <td data-label="City" className={TD}>{range.city ?? ""}</td>
                  <td data-label="Working days" className={`${TD} whitespace-nowrap`}>{range.minDays === range.maxDays ? range.minDays : `${range.minDays}–${range.maxDays}`}</td>
                  <td data-label="Cash on delivery" className={TD}>{range.cod ? "Yes" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
