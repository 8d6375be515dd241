// Every tax invoice and credit note PDF, rendered by poppler as a reader would see it: the pages
// become PNGs (kept in test-results/pdf-pages/ to look at) and no two words on a page overlap
// (issue 27: the coupon label was printed over "Taxable value" and "CGST").
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { InvoiceDocument, InvoiceLine } from "#common/invoices.ts";
import { formatAmount } from "#common/money.ts";
import { projectPath } from "#server/paths.ts";
import { renderInvoicePdf } from "./pdf.ts";
import { gstIncludedPaise, splitTax, sumSplits } from "./tax.ts";

const POPPLER_MISSING =
  "pdftoppm and pdftotext (poppler-utils) are not installed; the PDF layout test needs them to render the invoices. " +
  "Install them with: sudo apt-get install -y poppler-utils (npm test installs them when run as root).";

function requirePoppler(): void {
  for (const tool of ["pdftoppm", "pdftotext"]) {
    if (spawnSync(tool, ["-v"], { stdio: "ignore" }).error) throw new Error(POPPLER_MISSING);
  }
}

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
interface Page {
  width: number;
  height: number;
  words: Word[];
}

const work = mkdtempSync(path.join(tmpdir(), "pdf-layout-"));
const shots = projectPath("test-results/pdf-pages");
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The PDF's pages as poppler lays them out: each word with its box, in points from the top left. */
function renderPages(name: string, pdf: Buffer): Page[] {
  requirePoppler();
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const pages: Page[] = [];
  for (const page of html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)) {
    const words = [...page[3]!.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((w) => ({
      xMin: Number(w[1]),
      yMin: Number(w[2]),
      xMax: Number(w[3]),
      yMax: Number(w[4]),
      text: w[5]!.replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"'),
    }));
    pages.push({ width: Number(page[1]), height: Number(page[2]), words });
  }
  // The pages as pictures, for a person to look at (and proof that poppler can draw them).
  mkdirSync(shots, { recursive: true });
  for (const old of readdirSync(shots).filter((f) => f.startsWith(`${name}-`))) rmSync(path.join(shots, old));
  execFileSync("pdftoppm", ["-r", "80", "-png", file, path.join(shots, name)]);
  const pngs = readdirSync(shots).filter((f) => f.startsWith(`${name}-`) && f.endsWith(".png"));
  expect(pngs).toHaveLength(pages.length);
  for (const png of pngs) expect(statSync(path.join(shots, png)).size).toBeGreaterThan(1000);
  return pages;
}

/**
 * Pairs of words whose boxes overlap. Poppler's boxes run from the font's ascent to its descent, so
 * lines set solid touch; a pair counts only when the boxes share more than `slack` points both ways.
 */
function overlaps(page: Page, slack = 1.5): string[] {
  const found: string[] = [];
  const { words } = page;
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const down = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (across > slack && down > slack) found.push(`"${a.text}" over "${b.text}" at (${a.xMin.toFixed(0)}, ${a.yMin.toFixed(0)})`);
    }
  }
  return found;
}

/** Words drawn (partly) off the page or into the side margins. */
function outside(page: Page): string[] {
  return page.words
    .filter((w) => w.xMin < 20 || w.yMin < 0 || w.xMax > page.width - 20 || w.yMax > page.height)
    .map((w) => `"${w.text}" at (${w.xMin.toFixed(0)}, ${w.yMin.toFixed(0)})`);
}

const LONG_COUPON = "MONSOON-WELLNESS-FESTIVE-SAVER10";
const LONG_NAMES = [
  "Amoxicillin and Potassium Clavulanate Tablets IP 625 mg (Augmentin 625 Duo) strip of 10 tablets",
  "Cholecalciferol Vitamin D3 60000 IU Sugar-free Chewable Soft Gelatin Capsules, pack of four",
  "Paracetamol 650 mg",
  "Omeprazole-magnesium-delayed-release-pellets-in-a-single-unbroken-word-name-20mg",
  // The longest name a product may have (200 characters).
  `${"Multivitamin with minerals, antioxidants and omega-3 ".repeat(4)}`.slice(0, 200),
];

function documentWith(options: {
  lines: number;
  interState: boolean;
  coupon: string | null;
  creditNote?: boolean;
  cod?: boolean;
  /** Prices near the largest a product may have (₹10,00,000) and large quantities. */
  large?: boolean;
}): InvoiceDocument {
  const built: InvoiceLine[] = Array.from({ length: options.lines }, (_, i) => {
    const unitPricePaise = options.large ? 99_999_999 - i * 1_111 : 12_345 + i * 9_871;
    const quantity = options.large ? 50 + i : 1 + (i % 4) * 3;
    const amount = unitPricePaise * quantity;
    const discountPaise = options.coupon ? Math.round(amount / 10) : 0;
    const gross = amount - discountPaise;
    const gstRateBps = i % 3 === 0 ? 1200 : 500;
    return {
      description: LONG_NAMES[i % LONG_NAMES.length]!,
      sku: `SKU-${i}`,
      hsnCode: "30049099",
      batchNumber: `BATCH-2026-${1000 + i}`,
      expiryDate: "2028-03-31",
      quantity,
      unitPricePaise,
      gstRateBps,
      amountPaise: amount,
      discountPaise,
      ...splitTax(gross, gstIncludedPaise(gross, gstRateBps), options.interState),
    };
  });
  const totals = sumSplits(built);
  const shippingPaise = 4_900;
  const codFeePaise = options.cod ? 3_000 : 0;
  return {
    serial: options.creditNote ? "CN/2627/000123" : "INV/2627/000042",
    financialYear: "2026-27",
    issuedAt: "2026-11-21T06:30:00.000Z",
    order: { id: "o1", orderNumber: "HP-20261121-ABCDEF", placedAt: "2026-11-21T06:00:00.000Z", paidAt: null, paymentMethod: options.cod ? "cod" : "razorpay" },
    seller: {
      name: "Healthcare Pharma Private Limited",
      address: "Plot 14, Sector 5, HSR Layout, Bengaluru, Karnataka 560102, India",
      phone: "+91 80 4567 8900",
      email: "care@healthcarepharma.in",
      gstin: "29AABCH1234M1Z5",
      drugLicence: "KA-B2-20B-123456",
      pharmacist: "Dr. Kavya Raman, Reg. No. 45821",
      state: { code: "29", name: "Karnataka" },
    },
    buyer: {
      name: "Venkatanarasimharajuvaripeta Lakshminarayana Subrahmanyam",
      address: {
        firstName: "Venkatanarasimharajuvaripeta",
        lastName: "Lakshminarayana Subrahmanyam",
        address: "Flat 1204, Tower B, Prestige Shantiniketan Apartments, Whitefield Main Road",
        line2: "Near the big banyan tree behind the old post office",
        landmark: "Opposite Sri Venkateshwara Temple and Government Higher Primary School",
        city: options.interState ? "Thiruvananthapuram" : "Bengaluru",
        state: options.interState ? "Kerala" : "Karnataka",
        postalCode: options.interState ? "695001" : "560066",
        country: "India",
        phone: "9876543210",
        email: "asha@example.com",
      },
    },
    placeOfSupply: options.interState ? { code: "32", name: "Kerala" } : { code: "29", name: "Karnataka" },
    interState: options.interState,
    lines: built,
    totals,
    discountPaise: built.reduce((sum, line) => sum + line.discountPaise, 0),
    couponCode: options.coupon,
    shippingPaise,
    codFeePaise,
    grandTotalPaise: totals.grossPaise + shippingPaise + codFeePaise,
    ...(options.creditNote
      ? {
          creditNote: {
            kind: "return" as const,
            reason: "Returned: damaged in transit, the outer carton was crushed and two strips were torn open on arrival",
            invoiceSerial: "INV/2627/000042",
            invoiceIssuedAt: "2026-11-21T06:30:00.000Z",
          },
        }
      : {
          creditNotes: [
            { _id: "c1", serial: "CN/2627/000123", issuedAt: "2026-11-25T06:30:00.000Z", kind: "return" as const, totalPaise: 10_000 },
            { _id: "c2", serial: "CN/2627/000124", issuedAt: "2026-11-26T06:30:00.000Z", kind: "return" as const, totalPaise: 10_000 },
          ],
        }),
  };
}

const CASES: Array<[string, Parameters<typeof documentWith>[0]]> = [
  ["invoice-intra-coupon", { lines: 3, interState: false, coupon: LONG_COUPON }],
  ["invoice-inter-coupon", { lines: 3, interState: true, coupon: LONG_COUPON }],
  ["invoice-intra-short-coupon-cod", { lines: 2, interState: false, coupon: "WELCOME", cod: true }],
  ["invoice-intra-many-lines", { lines: 45, interState: false, coupon: LONG_COUPON }],
  ["invoice-inter-many-lines", { lines: 45, interState: true, coupon: null }],
  ["invoice-intra-large-amounts", { lines: 5, interState: false, coupon: LONG_COUPON, large: true }],
  ["invoice-inter-large-amounts", { lines: 5, interState: true, coupon: null, large: true }],
  ["credit-note-intra-coupon", { lines: 4, interState: false, coupon: LONG_COUPON, creditNote: true }],
  ["credit-note-inter-coupon", { lines: 30, interState: true, coupon: LONG_COUPON, creditNote: true }],
];

describe("invoice and credit note PDFs as poppler draws them", () => {
  it.each(CASES)("%s: no two words overlap and nothing leaves the page", async (name, options) => {
    const document = documentWith(options);
    const pages = renderPages(name, await renderInvoicePdf(document));
    expect(pages.length).toBeGreaterThan(0);
    const words = pages.flatMap((page) => page.words.map((w) => w.text)).join(" ");
    // Every figure is one word: a wide one is never split over two lines.
    const wordSet = new Set(pages.flatMap((page) => page.words.map((w) => w.text)));
    for (const paise of [document.totals.grossPaise, document.totals.taxablePaise, ...document.lines.map((line) => line.grossPaise)]) {
      expect(wordSet).toContain(formatAmount(paise));
    }
    // A long code may wrap after a hyphen.
    for (const part of options.coupon?.split("-") ?? []) expect(words).toContain(part);
    expect(words).toContain(options.interState ? "IGST" : "CGST");
    pages.forEach((page, i) => {
      expect(overlaps(page), `${name} page ${i + 1}`).toEqual([]);
      expect(outside(page), `${name} page ${i + 1}`).toEqual([]);
    });
  });
});
