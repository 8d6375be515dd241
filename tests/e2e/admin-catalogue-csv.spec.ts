import { readFile } from "node:fs/promises";
import { parseCsv } from "../../server/csv.ts";
import { expect, expectAxeClean, openPage, signInAsAdmin, test } from "./fixtures";

// The catalogue CSV and the audit log (issue 17, items 7-8; decisions/033), as an admin uses
// them: download the export, change a product in the file, upload it, see the change in the list
// and in the product's history; a wrong file changes nothing and lists the rows to fix.
// Changes products, so it runs with the other catalogue-changing specs (playwright.config.ts).

// The export's cells are already guarded against formulas (csvCell), so the edited row is only quoted.
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

test("download the catalogue, change a product in the file, upload it, see the change and its history", async ({ page, consoleErrors }, testInfo) => {
  // The refused file is answered 400, which the browser reports as a failed request.
  consoleErrors.allow(/status of 400/);
  await signInAsAdmin(page);
  const sku = `E2E-CSV-${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const created = await page.request.post("/api/admin/products", {
    data: { name: `CSV Tonic ${sku}`, description: "A tonic for the CSV test.", category: "Kids Nutrition", price: 80, mrp: 100, sku, countInStock: 5, published: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { _id: string };

  await openPage(page, `/admin/products?search=${encodeURIComponent(sku)}`);
  await page.getByText("Import and export (CSV)").click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile((await download.path())!, "utf8"))!;
  const header = rows[0]!;
  expect(header[0]).toBe("sku");
  const mine = rows.find((row) => row[0] === sku)!;
  expect(mine[header.indexOf("price")]).toBe("80");

  // The admin's edit in a spreadsheet: a new name and price for this one product.
  const changed = [...mine];
  changed[header.indexOf("name")] = `CSV Tonic, renamed ${sku}`;
  changed[header.indexOf("price")] = "75.5";
  const file = `${header.join(",")}\r\n${changed.map(quote).join(",")}\r\n`;

  // A wrong file first: nothing changes, the rows to fix are listed.
  const wrong = `${header.join(",")}\r\n${changed.map((cell, i) => (i === header.indexOf("price") ? "free" : cell)).map(quote).join(",")}\r\n`;
  await page.getByLabel("CSV file").setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(wrong) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("alert")).toContainText("Nothing was imported");
  const problems = page.getByRole("region", { name: "Rows to fix" });
  await expect(problems.getByRole("row").nth(1)).toContainText("2");
  await expect(problems.getByRole("row").nth(1)).toContainText("price");
  await expectAxeClean(page);

  await page.getByLabel("CSV file").setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toHaveText("Imported: 0 products created, 1 updated");
  await expect(page.getByRole("cell", { name: `CSV Tonic, renamed ${sku}`, exact: true })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: sku }).locator('td[data-label="Price"]')).toHaveText(/^₹75\.50?$/);

  // The product's history: the import's change, with the price before and after.
  await openPage(page, `/admin/products/${product._id}/edit`);
  await page.getByRole("link", { name: /^History of/ }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const entry = page.getByRole("row").filter({ hasText: "Product changed" }).first();
  await expect(entry).toContainText("Price");
  await expect(entry.locator("del").filter({ hasText: "₹80" })).toBeVisible();
  await expect(entry.locator("ins").filter({ hasText: "₹75.50" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Product created" })).toBeVisible();
  await expectAxeClean(page);
});
