import { formatLongDate } from "#common/dates.ts";
import { paymentMethodLabel } from "#common/orders.ts";
import { REFILL_STATUS_LABELS, type AdminRefillJson } from "#common/refills.ts";
import { TABLE, TABLE_WRAP, TD, TH, THEAD } from "./page-header";

/** Refills as the admin sees them (the refills page and the dashboard's card): next date, whose, what, how often, how paid. */
export function RefillsTable({ refills, caption }: { refills: AdminRefillJson[]; caption: string }) {
  return (
    <div className={TABLE_WRAP}>
      <table className={TABLE}>
        <caption className="sr-only">{caption}</caption>
        <thead className={THEAD}>
          <tr>
            <th scope="col" className={TH}>Next order</th>
            <th scope="col" className={TH}>Customer</th>
            <th scope="col" className={TH}>Items</th>
            <th scope="col" className={TH}>Every</th>
            <th scope="col" className={TH}>Payment</th>
            <th scope="col" className={TH}>Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {refills.map((refill) => (
            <tr key={refill._id}>
              <td className={`${TD} whitespace-nowrap font-medium text-gray-900`} data-label="Next order">
                {refill.status === "active" ? formatLongDate(refill.nextOrderOn) : "—"}
              </td>
              <td className={TD} data-label="Customer">
                {refill.customer.name}
                <span className="block break-all text-xs text-gray-600">{refill.customer.email || refill.address.phone}</span>
              </td>
              <td className={TD} data-label="Items">
                {refill.items.map((item) => (
                  <span key={item.productId} className="block">
                    {item.quantity} × {item.name}
                  </span>
                ))}
                {refill.notice ? <span className="mt-1 block text-xs text-amber-900">{refill.notice}</span> : null}
              </td>
              <td className={`${TD} whitespace-nowrap`} data-label="Every">{refill.everyDays} days</td>
              <td className={TD} data-label="Payment">{paymentMethodLabel(refill.paymentMethod)}</td>
              <td className={TD} data-label="Status">{REFILL_STATUS_LABELS[refill.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
