import { Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { BUTTON_PRIMARY, TABLE, TABLE_WRAP, TD, TH, THEAD } from "./page-header";

/** What a CSV import answered: the sentence and the rows to fix (the header is row 1). */
export interface CsvImportOutcome {
  ok: boolean;
  message: string;
  errors: { row: number; field?: string; message: string }[];
}

/**
 * The upload form of an admin CSV import (the catalogue's and the serviceability table's): a plain
 * multipart form (it works without JavaScript) with the file as `file`; after an import, its
 * sentence and the rows to fix, as a table that stacks into cards on a phone. `intent`, on a page
 * with other forms, is posted as the form's `intent` and tells this import's submission apart.
 */
export function CsvUploadForm({ inputId, intent, outcome }: { inputId: string; intent?: string; outcome?: CsvImportOutcome }) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        {intent === undefined ? null : <input type="hidden" name="intent" value={intent} />}
        <div className="min-w-0">
          <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
            CSV file
          </label>
          <input id={inputId} name="file" type="file" accept=".csv,text/csv" required className="mt-1 block w-full min-w-0 text-sm" />
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
    </>
  );
}
