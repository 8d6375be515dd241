/**
 * The print stylesheets of the invoice and the order confirmation. They are `<style>` elements
 * in the page body, admitted by the Content-Security-Policy through their SHA-256 hashes
 * (server/http/csp.ts), which is why their text lives here, where the server can hash it.
 */

// Printing keeps the invoice and nothing else: the shop's header, footer, skip link and buttons go.
export const INVOICE_PRINT_CSS = `@media print {
  @page { size: A4; margin: 12mm; }
  body > *:not(:has(#invoice)) { display: none !important; }
  header, footer, .no-print { display: none !important; }
  #invoice-page { padding: 0 !important; max-width: none !important; }
  #invoice { color: #000; }
  #invoice table { page-break-inside: auto; }
  #invoice tr { page-break-inside: avoid; }
}`;

// Printing keeps the receipt and nothing else: the shop's header, footer, skip link and buttons go.
export const RECEIPT_PRINT_CSS = `@media print {
  body > *:not(:has(#receipt)) { display: none !important; }
  #receipt { padding: 0 !important; max-width: none !important; }
}`;
