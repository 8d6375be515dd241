import { Download, FileSpreadsheet, Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { CSV_LIST_SEPARATOR, MAX_CATALOGUE_IMPORT_BYTES, MAX_CATALOGUE_IMPORT_ROWS } from "#common/catalogue-csv.ts";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TABLE, TABLE_WRAP, TD, TH, THEAD } from "./page-header";

/** What the products page's import answered: the sentence and the rows to fix. */
export interface CatalogueImportOutcome {
  ok: boolean;
  message: string;
  errors: { row: number; field?: string; message: string }[];
}

/** The form's `intent` on the products page (its other form is Delete). */
export const CATALOGUE_IMPORT_INTENT = "import-catalogue";

/**
 * The products page's catalogue CSV (decisions/033): the export and the template as plain
 * downloads, and the import as a plain multipart form (it works without JavaScript); after an
 * import, its sentence and the rows to fix, as a table that stacks into cards on a phone.
 */
export function CatalogueCsv({ outcome }: { outcome?: CatalogueImportOutcome }) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === CATALOGUE_IMPORT_INTENT;
  return (
    <details open={outcome ? true : undefined} className="mt-4 rounded-lg border border-gray-200 bg-white">
      <summary className="flex cursor-pointer items-center gap-2 px-4 py-3 font-semibold text-gray-900">
        <FileSpreadsheet className="h-4 w-4" aria-hidden /> Import and export (CSV)
      </summary>
      <div className="border-t border-gray-200 px-4 pb-4 pt-3">
        <div className="flex flex-wrap gap-2">
          <a href="/admin/products/export.csv" download className={BUTTON_SECONDARY}>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
          <a href="/admin/products/template.csv" download className={BUTTON_SECONDARY}>
            <Download className="h-4 w-4" aria-hidden /> Download template
          </a>
        </div>
        <p className="mt-3 text-sm text-gray-700">
          The import creates a product for each new SKU and changes the products whose SKU exists, in the columns the file has. Lists (tags,
          collections, images and their alt texts) are separated by <code>{CSV_LIST_SEPARATOR}</code>; images are addresses of pictures
          already uploaded. At most {MAX_CATALOGUE_IMPORT_ROWS.toLocaleString("en-IN")} products and {MAX_CATALOGUE_IMPORT_BYTES / 1024 / 1024} MB
          per file. If any row is wrong, nothing is imported and the rows to fix are listed.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value={CATALOGUE_IMPORT_INTENT} />
          <div className="min-w-0">
            <label htmlFor="catalogue-file" className="block text-sm font-medium text-gray-800">
              CSV file
            </label>
            <input id="catalogue-file" name="file" type="file" accept=".csv,text/csv" required className="mt-1 block w-full min-w-0 text-sm" />
          </div>
          <button type="submit" disabled={importing} className={BUTTON_PRIMARY}>
            <Upload className="h-4 w-4" aria-hidden /> {importing ? "Importing..." : "Import"}
          </button>
        </Form>
        <div aria-live="polite">
          {outcome ? (
            <div className="mt-3">
              <p role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "text-green-800" : "font-semibold text-red-800"}>
                {outcome.message}
              </p>
              {outcome.errors.length > 0 ? (
                <div className={TABLE_WRAP} role="region" aria-label="Rows to fix" tabIndex={0}>
                  <table className={TABLE}>
                    <caption className="sr-only">Rows to fix</caption>
                    <thead className={THEAD}>
                      <tr>
                        <th scope="col" className={TH}>Row</th>
                        <th scope="col" className={TH}>Column</th>
                        <th scope="col" className={TH}>Problem</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-gray-200">
                      {outcome.errors.map((error, i) => (
                        // A row may repeat the same problem in one column; the list never reorders.
                        <tr key={i}>
                          <td data-label="Row" className={`${TD} tabular-nums`}>{error.row}</td>
                          <td data-label="Column" className={`${TD} font-mono text-xs`}>{error.field ?? "—"}</td>
                          <td data-label="Problem" className={TD}>{error.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </details>
  );
}
