import { Form, Link } from "react-router";
import { AUDIT_ENTITIES, AUDIT_MESSAGES, auditActionLabel, auditDiff, auditEntityLabel, auditRecordName, type AuditEntryJson } from "#common/audit.ts";
import { formatDateTime } from "#common/dates.ts";
import { ADMIN_MAIN, AdminPageHeader, BUTTON_PRIMARY, BUTTON_SECONDARY, EmptyState, INPUT, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/audit";
import { loadAudit } from "./audit.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Audit log | Admin", "Who changed what in the shop, and when: products, orders, payments, users, coupons and more."),
  NOINDEX,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadAudit(context, new URL(request.url));
}

/** The page of a record the log names, where there is one. */
function recordLink(entry: AuditEntryJson): string | null {
  if (entry.entity === "product") return `/admin/products/${entry.entityId}/edit`;
  if (entry.entity === "order") return `/admin/orders/${entry.entityId}`;
  if (entry.entity === "coupon") return `/admin/coupons/${entry.entityId}/edit`;
  return null;
}

const ROLE_LABELS: Record<string, string> = { admin: "Admin", pharmacist: "Pharmacist", customer: "Customer", system: "Automatic", gateway: "Payment gateway" };

/** Before and after, one line per field; a long change (a product created) folds away behind its field count. */
function Change({ entry, names }: { entry: AuditEntryJson; names: Record<string, string> }) {
  const rows = auditDiff(entry.before, entry.after, names);
  if (rows.length === 0) return <span className="text-gray-600">—</span>;
  const list = (
    <ul className="space-y-1">
      {rows.map((row) => (
        <li key={row.field} className="break-words">
          <span className="font-medium text-gray-900">{row.field}</span>:{" "}
          {row.before !== "" ? (
            <del className="text-red-800" title="Before">
              {row.before}
            </del>
          ) : null}
          {row.before !== "" && row.after !== "" ? <span aria-hidden> → </span> : null}
          {row.before !== "" && row.after !== "" ? <span className="sr-only">changed to</span> : null}
          {row.after !== "" ? (
            <ins className="text-green-800 no-underline" title="After">
              {row.after}
            </ins>
          ) : null}
          {row.before === "" && row.after === "" ? <span className="text-gray-600">(empty)</span> : null}
        </li>
      ))}
    </ul>
  );
  if (rows.length <= 6) return list;
  return (
    <details>
      <summary className="cursor-pointer text-brand-700 underline">{rows.length} fields</summary>
      <div className="mt-1">{list}</div>
    </details>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, errors, entries, names, total, page, hasNext, failure } = loaderData;
  const errorOf = (name: string) => (errors as Record<string, string | undefined>)[name];
  const field = (name: "entityId" | "actor" | "from" | "to", label: string, type: string, hint?: string) => (
    <div className="min-w-0">
      <label htmlFor={`audit-${name}`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={`audit-${name}`}
        name={name}
        type={type}
        defaultValue={filters[name]}
        placeholder={hint}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={errorOf(name) ? `audit-${name}-error` : undefined}
        className={`${INPUT} mt-1`}
      />
      {errorOf(name) ? (
        <p id={`audit-${name}-error`} className="mt-1 text-sm text-red-800">
          {errorOf(name)}
        </p>
      ) : null}
    </div>
  );
  const filtered = Object.values(filters).some((value) => value !== "");
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Audit log" />
      <p className="mt-2 text-gray-700">
        Every change made by admins, pharmacists and payment gateways, newest first. Times are India time (IST).
      </p>

      <Form method="get" className="mt-4 grid grid-cols-1 gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className="min-w-0">
          <label htmlFor="audit-entity" className="block text-sm font-medium text-gray-800">
            Kind of record
          </label>
          <select
            id="audit-entity"
            name="entity"
            defaultValue={filters.entity}
            aria-invalid={errorOf("entity") ? true : undefined}
            className={`${INPUT} mt-1`}
          >
            <option value="">All</option>
            {Object.entries(AUDIT_ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {errorOf("entity") ? <p className="mt-1 text-sm text-red-800">{errorOf("entity")}</p> : null}
        </div>
        {field("entityId", "Record id", "text")}
        {field("actor", "Who (name or id)", "text")}
        {field("from", "From (IST)", "date")}
        {field("to", "To (IST)", "date")}
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={BUTTON_PRIMARY}>
            Show changes
          </button>
          {filtered ? (
            <Link to="/admin/audit" className={BUTTON_SECONDARY}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>

      {failure ? (
        <p role="alert" className="mt-4 font-semibold text-red-800">
          {failure}
        </p>
      ) : entries.length === 0 ? (
        <EmptyState>{AUDIT_MESSAGES.empty}</EmptyState>
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700">
            {total} {total === 1 ? "change" : "changes"}
          </p>
          <div className={TABLE_WRAP}>
            <table className={`${TABLE} min-w-[56rem]`}>
              <caption className="sr-only">Changes, newest first</caption>
              <thead className={THEAD}>
                <tr>
                  <th scope="col" className={TH}>When</th>
                  <th scope="col" className={TH}>Who</th>
                  <th scope="col" className={TH}>What</th>
                  <th scope="col" className={TH}>Change</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {entries.map((entry) => {
                  const link = recordLink(entry);
                  // The record by its order number or name; its id only when nothing else is known.
                  const named = auditRecordName(entry, names);
                  const recordName = named ? named.charAt(0).toUpperCase() + named.slice(1) : null;
                  return (
                    <tr key={entry._id} className="align-top">
                      <td data-label="When" className={`${TD} whitespace-nowrap align-top`}>
                        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                      </td>
                      <td data-label="Who" className={`${TD} align-top`}>
                        <span className="font-medium text-gray-900">{entry.actor.name}</span>
                        <span className="block text-xs text-gray-700">{ROLE_LABELS[entry.actor.role] ?? entry.actor.role}</span>
                      </td>
                      <td data-label="What" className={`${TD} align-top`}>
                        <span className="font-medium text-gray-900">{auditActionLabel(entry.action)}</span>
                        <span className="block text-xs text-gray-700">
                          {recordName?.toLowerCase().startsWith(auditEntityLabel(entry.entity).toLowerCase()) ? "" : `${auditEntityLabel(entry.entity)} `}
                          {link ? (
                            <Link to={link} className={`${recordName ? "break-words" : "break-all font-mono"} text-brand-700 underline`}>
                              {recordName ?? entry.entityId}
                            </Link>
                          ) : (
                            <span className={recordName ? "break-words" : "break-all font-mono"}>{recordName ?? entry.entityId}</span>
                          )}
                        </span>
                        <Link
                          to={`/admin/audit?${new URLSearchParams({ entity: entry.entity, entityId: entry.entityId })}`}
                          className="text-xs text-brand-700 underline"
                        >
                          History of this record
                        </Link>
                      </td>
                      <td data-label="Change" className={`${TD} align-top`}>
                        <Change entry={entry} names={names} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={page} hasNext={hasNext} label="Audit log pages" />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
