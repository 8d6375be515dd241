import { ArrowLeft, Download, Printer } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { InvoiceView } from "~/components/invoice/invoice-document";
import { localePath, metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/invoice";
import { loadInvoicePage } from "./invoice.server";
import { INVOICE_PRINT_CSS } from "#common/print-css.ts";

export const meta: Route.MetaFunction = ({ data, location, matches }) => {
  // The 404 page sets its own title and description.
  if (!data) return [];
  const t = metaTranslator(location, matches);
  return [
    ...pageMeta(t("orders.invoiceTitle", { serial: data.invoice.serial }), t("orders.invoiceDescription", { number: data.invoice.order.orderNumber })),
    NOINDEX,
  ];
};

/** The order's owner or an admin; anyone else, and an order without an invoice (unpaid), get the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!context.user) {
    const url = new URL(request.url);
    throw redirect(localePath(`/login?${new URLSearchParams({ redirect: url.pathname })}`, requestLanguage(request)));
  }
  const invoice = await loadInvoicePage(context, params.orderId, context.user);
  if (!invoice) throw data(null, { status: 404 });
  // The page's own buttons in its language; the GST invoice itself stays English, as billed.
  return { invoice, messages: pageMessages(request, "orders") };
}


export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice } = loaderData;
  const orderId = invoice.order.id;
  const t = useT();
  const lp = useLocalePath();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <style>{INVOICE_PRINT_CSS}</style>
      <div id="invoice-page">
        <div className="no-print mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={lp(`/order/${encodeURIComponent(orderId)}`)}
            className="inline-flex items-center gap-2 font-medium text-brand-800 underline underline-offset-2"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            {t("orders.backToOrder", { number: invoice.order.orderNumber })}
          </Link>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => window.print()}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
            >
              <Printer className="h-4 w-4" aria-hidden />
              {t("orders.printInvoice")}
            </button>
            <a
              href={`/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`}
              download
              className="inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              <Download className="h-4 w-4" aria-hidden />
              {t("orders.downloadPdf")}
            </a>
          </div>
        </div>
        <div lang="en">
          <InvoiceView invoice={invoice} />
        </div>
      </div>
    </main>
  );
}
