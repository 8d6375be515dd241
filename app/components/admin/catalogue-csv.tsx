import { Download, FileSpreadsheet } from "lucide-react";
import { CSV_LIST_SEPARATOR, MAX_CATALOGUE_IMPORT_BYTES, MAX_CATALOGUE_IMPORT_ROWS } from "#common/catalogue-csv.ts";
import { type CsvImportOutcome, CsvUploadForm } from "./csv-upload";
import { BUTTON_SECONDARY } from "./page-header";

/** The form's `intent` on the products page (its other form is Delete). */
export const CATALOGUE_IMPORT_INTENT = "import-catalogue";

/**
 * The products page's catalogue CSV (decisions/033): the export and the template as plain
 * downloads, and the import through the admin's one CSV upload form (its answer and rows to fix).
 */
export function CatalogueCsv({ outcome }: { outcome?: CsvImportOutcome }) {
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
        <CsvUploadForm inputId="catalogue-file" intent={CATALOGUE_IMPORT_INTENT} outcome={outcome} />
      </div>
    </details>
  );
}
