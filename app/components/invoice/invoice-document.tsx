import { creditNotePdfPath, formatInvoiceDate, formatRate, invoiceStanding, invoiceTotalLabel, type InvoiceDocument } from "#common/invoices.ts";
import { addressLines } from "#common/orders.ts";
import { formatAmount, formatInvoiceRupees } from "#common/money.ts";

const CELL = "border border-gray-300 px-2 py-1.5 align-top";
const NUMBER = `${CELL} text-right tabular-nums whitespace-nowrap`;

/** The tax invoice as a page section: what the PDF shows, laid out for the screen and for print. */
export function InvoiceView({ invoice }: { invoice: InvoiceDocument }) {
  const { seller, buyer, totals, interState } = invoice;
  const discounted = invoice.discountPaise > 0;
  const address = buyer.address;
  return (
    <article
      id="invoice"
      aria-labelledby="invoice-title"
      className="rounded-2xl border border-gray-200 bg-white p-5 text-sm text-gray-900 shadow-sm sm:p-8 print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <h1 id="invoice-title" className="text-center text-2xl font-bold">
        Tax Invoice
      </h1>
      {/* Cancelled or refunded: the invoice is never changed; its credit notes say so (decisions/032). */}
      {invoiceStanding(invoice) ? (
        <p className="mt-2 text-center font-semibold text-red-800" data-testid="invoice-standing">
          {invoiceStanding(invoice)}: see credit note{(invoice.creditNotes ?? []).length > 1 ? "s" : ""}{" "}
          {(invoice.creditNotes ?? []).map((note, index) => (
            <span key={note._id}>
              {index > 0 ? ", " : null}
              <a href={creditNotePdfPath(invoice.order.id, note._id)} download className="underline underline-offset-2 print:no-underline">
                {note.serial}
              </a>{" "}
              of {formatInvoiceDate(note.issuedAt)}
            </span>
          ))}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-labelledby="invoice-seller">
          <h2 id="invoice-seller" className="text-base font-bold">
            {seller.name}
          </h2>
          <p className="mt-1">{seller.address}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            <dt className="font-semibold">GSTIN</dt>
            <dd>{seller.gstin}</dd>
            <dt className="font-semibold">State</dt>
            <dd>
              {seller.state.name} ({seller.state.code})
            </dd>
            <dt className="font-semibold">Drug licence</dt>
            <dd>{seller.drugLicence}</dd>
            <dt className="font-semibold">Pharmacist</dt>
            <dd>{seller.pharmacist}</dd>
            <dt className="font-semibold">Phone</dt>
            <dd>{seller.phone}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{seller.email}</dd>
          </dl>
        </section>
        <section aria-labelledby="invoice-details">
          <h2 id="invoice-details" className="text-base font-bold">
            Invoice details
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            <dt className="font-semibold">Invoice no.</dt>
            <dd>{invoice.serial}</dd>
            <dt className="font-semibold">Invoice date</dt>
            <dd>{formatInvoiceDate(invoice.issuedAt)}</dd>
            <dt className="font-semibold">Order</dt>
            <dd className="break-all">{invoice.order.orderNumber}</dd>
            <dt className="font-semibold">Place of supply</dt>
            <dd>
              {invoice.placeOfSupply.name} ({invoice.placeOfSupply.code})
            </dd>
          </dl>
          <h2 className="mt-4 text-base font-bold">Billed and shipped to</h2>
          <address className="mt-1 not-italic">
            {buyer.name}
            <br />
            {addressLines(address).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
            Phone: {address.phone}
          </address>
        </section>
      </div>

      <div className="mt-6 overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-label="Invoice lines">
        <table className="w-full min-w-[720px] border-collapse text-left text-xs sm:text-sm print:min-w-0 print:text-[9pt]">
          <caption className="sr-only">
            Invoice lines with HSN code, quantity, GST-inclusive price, taxable value and tax
          </caption>
          <thead className="bg-gray-100 print:bg-transparent">
            <tr>
              <th scope="col" className={CELL}>
                Description
              </th>
              <th scope="col" className={CELL}>
                HSN
              </th>
              <th scope="col" className={CELL}>
                Batch / Expiry
              </th>
              <th scope="col" className={`${CELL} text-right`}>
                Qty
              </th>
              <th scope="col" className={`${CELL} text-right`}>
                Unit price (incl. GST)
              </th>
              {discounted ? (
                <th scope="col" className={`${CELL} text-right`}>
                  Discount
                </th>
              ) : null}
              <th scope="col" className={`${CELL} text-right`}>
                Taxable value
              </th>
              <th scope="col" className={`${CELL} text-right`}>
                GST rate
              </th>
              {interState ? (
                <th scope="col" className={`${CELL} text-right`}>
                  IGST
                </th>
              ) : (
                <>
                  <th scope="col" className={`${CELL} text-right`}>
                    CGST
                  </th>
                  <th scope="col" className={`${CELL} text-right`}>
                    SGST
                  </th>
                </>
              )}
              <th scope="col" className={`${CELL} text-right`}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={`${line.sku}-${index}`}>
                <th scope="row" className={`${CELL} font-normal`}>
                  {line.description}
                </th>
                <td className={CELL}>{line.hsnCode || "—"}</td>
                <td className={CELL}>
                  {line.batchNumber ?? "—"}
                  {line.expiryDate ? (
                    <>
                      <br />
                      Exp. {formatInvoiceDate(line.expiryDate)}
                    </>
                  ) : null}
                </td>
                <td className={NUMBER}>{line.quantity}</td>
                <td className={NUMBER}>{formatAmount(line.unitPricePaise)}</td>
                {discounted ? <td className={NUMBER}>{line.discountPaise > 0 ? `-${formatAmount(line.discountPaise)}` : "—"}</td> : null}
                <td className={NUMBER}>{formatAmount(line.taxablePaise)}</td>
                <td className={NUMBER}>{formatRate(line.gstRateBps)}</td>
                {interState ? (
                  <td className={NUMBER}>{formatAmount(line.igstPaise)}</td>
                ) : (
                  <>
                    <td className={NUMBER}>{formatAmount(line.cgstPaise)}</td>
                    <td className={NUMBER}>{formatAmount(line.sgstPaise)}</td>
                  </>
                )}
                <td className={NUMBER}>{formatAmount(line.grossPaise)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr>
              <th scope="row" className={CELL} colSpan={3}>
                Total
              </th>
              <td className={NUMBER}>{invoice.lines.reduce((sum, line) => sum + line.quantity, 0)}</td>
              <td className={CELL} />
              {discounted ? <td className={NUMBER}>-{formatAmount(invoice.discountPaise)}</td> : null}
              <td className={NUMBER}>{formatAmount(totals.taxablePaise)}</td>
              <td className={CELL} />
              {interState ? (
                <td className={NUMBER}>{formatAmount(totals.igstPaise)}</td>
              ) : (
                <>
                  <td className={NUMBER}>{formatAmount(totals.cgstPaise)}</td>
                  <td className={NUMBER}>{formatAmount(totals.sgstPaise)}</td>
                </>
              )}
              <td className={NUMBER}>{formatAmount(totals.grossPaise)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      {discounted ? (
        <p className="mt-4 text-sm text-gray-800">
          Coupon {invoice.couponCode ?? ""}: {formatInvoiceRupees(invoice.discountPaise)} off, shared among the lines in proportion to
          their value. Each line's taxable value and GST are on its price after the discount.
        </p>
      ) : null}

      <dl className="mt-6 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1">
        <dt>Taxable value</dt>
        <dd className="pl-6 text-right tabular-nums">{formatInvoiceRupees(totals.taxablePaise)}</dd>
        {interState ? (
          <>
            <dt>IGST</dt>
            <dd className="pl-6 text-right tabular-nums">{formatInvoiceRupees(totals.igstPaise)}</dd>
          </>
        ) : (
          <>
            <dt>CGST</dt>
            <dd className="pl-6 text-right tabular-nums">{formatInvoiceRupees(totals.cgstPaise)}</dd>
            <dt>SGST</dt>
            <dd className="pl-6 text-right tabular-nums">{formatInvoiceRupees(totals.sgstPaise)}</dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd className="pl-6 text-right tabular-nums">{invoice.shippingPaise === 0 ? "FREE" : formatInvoiceRupees(invoice.shippingPaise)}</dd>
        {invoice.codFeePaise > 0 ? (
          <>
            <dt>Cash on delivery fee</dt>
            <dd className="pl-6 text-right tabular-nums">{formatInvoiceRupees(invoice.codFeePaise)}</dd>
          </>
        ) : null}
        <dt className="border-t border-gray-300 pt-1 text-base font-bold">{invoiceTotalLabel(invoice)}</dt>
        <dd className="border-t border-gray-300 pt-1 pl-6 text-right text-base font-bold tabular-nums">
          {formatInvoiceRupees(invoice.grandTotalPaise)}
        </dd>
      </dl>

      <p className="mt-6 text-xs text-gray-700">
        Amounts in Indian rupees. Prices include GST; tax is computed per line on the GST-inclusive amount and the totals
        are the sums of the lines. This is a computer-generated invoice and needs no signature.
      </p>
    </article>
  );
}
