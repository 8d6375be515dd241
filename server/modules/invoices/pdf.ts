import { projectPath } from "#server/paths.ts";
import { formatInvoiceDate, formatRate, invoiceStanding, invoiceTotalLabel, type InvoiceDocument } from "#common/invoices.ts";
import { formatAmount, formatInvoiceRupees } from "#common/money.ts";
import { addressLines } from "#common/orders.ts";

/** DejaVu Sans (shipped with its licence beside it) has the ₹ sign; PDF's standard fonts do not. */
const FONT_REGULAR = projectPath("server/modules/invoices/fonts/DejaVuSans.ttf");
const FONT_BOLD = projectPath("server/modules/invoices/fonts/DejaVuSans-Bold.ttf");

const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** The lines table's type size, and its batch and expiry lines'. */
const TABLE_SIZE = 8;
const DETAIL_SIZE = 7;
const CLOSING_PREFIX = "Prices include GST. Tax is computed per line on the GST-inclusive amount; totals are the sums of the lines. ";

/** The narrowest the description column gets before the figures are set smaller. */
const MIN_DESCRIPTION_WIDTH = 120;

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The words that differ between a tax invoice and a credit note (decisions/032); the layout is one. */
function documentWords(invoice: InvoiceDocument) {
  return invoice.creditNote
    ? { title: "Credit Note", heading: "Credit note", number: "Credit note no.", date: "Credit note date", closing: "This credit note reduces the taxable value and the GST of the invoice it names. It is computer-generated and needs no signature." }
    : { title: "Tax Invoice", heading: "Invoice", number: "Invoice no.", date: "Invoice date", closing: "This is a computer-generated invoice and needs no signature." };
}

/**
 * The tax invoice, or a credit note against one (`invoice.creditNote`), as a PDF (A4). `compress: false` leaves the content streams readable, which the
 * tests use to find the text; the shop serves compressed PDFs.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  // Loaded with the first invoice asked for, not with the shop (about 27 MB resident).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    bufferPages: true,
    font: FONT_REGULAR,
    info: {
      Title: `${documentWords(invoice).title} ${invoice.serial}`,
      Author: invoice.seller.name,
      Subject: `Order ${invoice.order.orderNumber}`,
    },
  });
  doc.registerFont("regular", FONT_REGULAR);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  // Heading and seller
  const words = documentWords(invoice);
  doc.font("bold").fontSize(16).text(words.title, { align: "center" });
  // An invoice a credit note has reduced says so, with the credit notes' numbers (the invoice itself is never changed).
  const standing = invoiceStanding(invoice);
  if (standing) {
    const serials = (invoice.creditNotes ?? []).map((note) => `${note.serial} of ${formatInvoiceDate(note.issuedAt)}`).join(", ");
    doc.font("bold").fontSize(10).fillColor("#b91c1c").text(`${standing}: see credit note ${serials}`, { align: "center" });
    doc.fillColor("#000000");
  }
  doc.moveDown(0.5);
  const { seller } = invoice;
  doc.font("bold").fontSize(11).text(seller.name);
  doc.font("regular").fontSize(9);
  doc.text(seller.address);
  doc.text(`GSTIN: ${seller.gstin}   State: ${seller.state.name} (${seller.state.code})`);
  doc.text(`Drug licence: ${seller.drugLicence}`);
  doc.text(`Pharmacist: ${seller.pharmacist}`);
  doc.text(`Phone: ${seller.phone}   Email: ${seller.email}`);
  doc.moveDown(0.8);

  // Invoice facts (left) and buyer (right)
  const top = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  doc.font("bold").text(words.heading, MARGIN, top, { width: half });
  doc.font("regular");
  doc.text(`${words.number}: ${invoice.serial}`, { width: half });
  doc.text(`${words.date}: ${formatInvoiceDate(invoice.issuedAt)}`, { width: half });
  if (invoice.creditNote) {
    doc.text(`Against invoice: ${invoice.creditNote.invoiceSerial} of ${formatInvoiceDate(invoice.creditNote.invoiceIssuedAt)}`, { width: half });
    doc.text(`Reason: ${invoice.creditNote.reason}`, { width: half });
  }
  doc.text(`Order: ${invoice.order.orderNumber}`, { width: half });
  doc.text(`Place of supply: ${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})`, { width: half });
  const leftBottom = doc.y;
  const { address } = invoice.buyer;
  const right = MARGIN + CONTENT_WIDTH / 2 + 10;
  doc.font("bold").text("Billed and shipped to", right, top, { width: half });
  doc.font("regular");
  doc.text(invoice.buyer.name, { width: half });
  for (const line of addressLines(address)) doc.text(line, { width: half });
  doc.text(`Phone: ${address.phone}`, { width: half });
  doc.y = Math.max(leftBottom, doc.y) + 14;
  doc.x = MARGIN;

  // Lines
  const discounted = invoice.discountPaise > 0;
  const { totals } = invoice;
  const headings = [
    "Description",
    "HSN",
    "Qty",
    "Unit price",
    // The coupon's share per line (decisions/025), only on invoices with a discount.
    ...(discounted ? ["Discount"] : []),
    "Taxable value",
    "GST",
    ...(invoice.interState ? ["IGST"] : ["CGST", "SGST"]),
    "Total",
  ];
  const body = invoice.lines.map((line) => ({
    cells: [
      line.description,
      line.hsnCode || "—",
      String(line.quantity),
      formatAmount(line.unitPricePaise),
      ...(discounted ? [line.discountPaise > 0 ? `-${formatAmount(line.discountPaise)}` : "—"] : []),
      formatAmount(line.taxablePaise),
      formatRate(line.gstRateBps),
      ...(invoice.interState ? [formatAmount(line.igstPaise)] : [formatAmount(line.cgstPaise), formatAmount(line.sgstPaise)]),
      formatAmount(line.grossPaise),
    ],
    details: [line.batchNumber ? `Batch ${line.batchNumber}` : null, line.expiryDate ? `Expiry ${formatInvoiceDate(line.expiryDate)}` : null]
      .filter(Boolean)
      .join(" · "),
  }));
  const totalRow = [
    "Total",
    "",
    String(invoice.lines.reduce((sum, line) => sum + line.quantity, 0)),
    "",
    ...(discounted ? [`-${formatAmount(invoice.discountPaise)}`] : []),
    formatAmount(totals.taxablePaise),
    "",
    ...(invoice.interState ? [formatAmount(totals.igstPaise)] : [formatAmount(totals.cgstPaise), formatAmount(totals.sgstPaise)]),
    formatAmount(totals.grossPaise),
  ];

  // Every column but the description is as wide as its widest figure (or its heading's longest word) and
  // figures never wrap ("-56,421." over "71" reads as two numbers); the description takes the rest. When
  // that leaves it too narrow (crores on a line), the figures are set smaller until it does not.
  const PADDING = 10;
  const widthAt = (size: number, text: string, font: "regular" | "bold") => doc.font(font).fontSize(size).widthOfString(text);
  const figureWidths = (size: number) =>
    headings.slice(1).map((heading, j) =>
      Math.max(
        ...heading.split(" ").map((word) => widthAt(TABLE_SIZE, word, "bold")),
        ...body.map((row) => widthAt(size, row.cells[j + 1]!, "regular")),
        widthAt(size, totalRow[j + 1]!, "bold"),
      ) + PADDING,
    );
  let figureSize = TABLE_SIZE;
  while (figureSize > 5 && CONTENT_WIDTH - sum(figureWidths(figureSize)) < MIN_DESCRIPTION_WIDTH) figureSize -= 0.25;
  const fixedWidths = figureWidths(figureSize);
  const columns = [
    { width: CONTENT_WIDTH - sum(fixedWidths), align: "left" as const },
    ...fixedWidths.map((width, j) => ({ width, align: j === 0 ? ("left" as const) : ("right" as const) })),
  ];

  /** Where lines start on the current page; a row taller than a whole page is drawn there (and overflows). */
  let pageStartY = MARGIN;
  const row = (cells: string[], font: "regular" | "bold", secondLine?: string): void => {
    const y = doc.y;
    const isHeading = cells === headings;
    doc.font(font).fontSize(TABLE_SIZE);
    const heights = cells.map((cell, i) =>
      i === 0 || isHeading ? doc.heightOfString(cell, { width: columns[i]!.width - 4 }) : doc.fontSize(figureSize).currentLineHeight(true),
    );
    let height = Math.max(...heights);
    doc.font("regular").fontSize(DETAIL_SIZE);
    height += secondLine ? doc.heightOfString(secondLine, { width: columns[0]!.width - 4 }) : 0;
    // A row that does not fit starts a new page (unless it already starts one).
    if (y + height > doc.page.height - MARGIN - 20 && y > pageStartY + 1) {
      doc.addPage();
      // The column headings again at the top of every continuation page.
      if (!isHeading) row(headings, "bold");
      pageStartY = doc.y;
      row(cells, font, secondLine);
      return;
    }
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const { width, align } = columns[i]!;
      const figure = i > 0 && !isHeading;
      doc.font(font).fontSize(figure ? figureSize : TABLE_SIZE);
      doc.text(cell, x + 2, y, { width: width - 4, align, lineBreak: !figure });
      x += width;
    });
    if (secondLine) doc.font("regular").fontSize(DETAIL_SIZE).text(secondLine, MARGIN + 2, y + heights[0]!, { width: columns[0]!.width - 4 });
    doc.fontSize(TABLE_SIZE);
    doc.y = y + height + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + CONTENT_WIDTH, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
  };

  row(headings, "bold");
  for (const line of body) row(line.cells, "regular", line.details || undefined);
  row(totalRow, "bold");

  // Summary (kept together on one page with the closing note)
  doc.moveDown(0.5);
  const summary: Array<[string, string, boolean?]> = [
    ...(discounted ? ([[`Coupon ${invoice.couponCode ?? ""} (in the lines)`, `-${formatInvoiceRupees(invoice.discountPaise)}`]] as Array<[string, string]>) : []),
    ["Taxable value", formatInvoiceRupees(totals.taxablePaise)],
    ...(invoice.interState
      ? ([["IGST", formatInvoiceRupees(totals.igstPaise)]] as Array<[string, string]>)
      : ([
          ["CGST", formatInvoiceRupees(totals.cgstPaise)],
          ["SGST", formatInvoiceRupees(totals.sgstPaise)],
        ] as Array<[string, string]>)),
    ["Shipping", invoice.shippingPaise === 0 ? "FREE" : formatInvoiceRupees(invoice.shippingPaise)],
    ...(invoice.codFeePaise > 0 ? ([["Cash on delivery fee", formatInvoiceRupees(invoice.codFeePaise)]] as Array<[string, string]>) : []),
    [invoiceTotalLabel(invoice), formatInvoiceRupees(invoice.grandTotalPaise), true],
  ];
  // A label wraps inside its cell (a long coupon code takes two lines) and the next row starts below the
  // taller of label and amount: nothing is printed over anything else (issue 27).
  const LABEL_WIDTH = 170;
  const AMOUNT_WIDTH = 130;
  const LABEL_X = MARGIN + CONTENT_WIDTH - AMOUNT_WIDTH - LABEL_WIDTH - 10;
  const rowHeight = ([label, value, strong]: (typeof summary)[number]) => {
    doc.font(strong ? "bold" : "regular").fontSize(strong ? 11 : 9);
    return Math.max(doc.heightOfString(label, { width: LABEL_WIDTH }), doc.heightOfString(value, { width: AMOUNT_WIDTH })) + 2;
  };
  doc.font("regular").fontSize(8);
  const closingHeight = doc.heightOfString(`${CLOSING_PREFIX}${words.closing}`, { width: CONTENT_WIDTH }) + 12;
  const summaryHeight = summary.reduce((sum, entry) => sum + rowHeight(entry), 0) + closingHeight;
  if (doc.y + summaryHeight > doc.page.height - MARGIN - 20) doc.addPage();
  for (const entry of summary) {
    const [label, value] = entry;
    const y = doc.y;
    const height = rowHeight(entry);
    doc.text(label, LABEL_X, y, { width: LABEL_WIDTH });
    doc.text(value, MARGIN + CONTENT_WIDTH - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: "right" });
    doc.y = y + height;
  }
  doc.x = MARGIN;
  doc.moveDown(1);
  doc
    .font("regular")
    .fontSize(8)
    .fillColor("#333333")
    .text(
      CLOSING_PREFIX + words.closing,
      MARGIN,
      doc.y,
      { width: CONTENT_WIDTH },
    );
  // Every page names the invoice and its place in it.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    doc
      .font("regular")
      .fontSize(7.5)
      .fillColor("#333333")
      .text(`${invoice.serial} · Page ${i + 1} of ${pages.count}`, MARGIN, doc.page.height - MARGIN + 12, {
        width: CONTENT_WIDTH,
        align: "right",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
