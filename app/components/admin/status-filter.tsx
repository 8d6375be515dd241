import { Form } from "react-router";
import { BUTTON_SECONDARY } from "./page-header";

/** A queue's "Show" filter: a GET form with one status select and Apply (works without JavaScript). */
export function StatusFilter({ id, label, value, options }: { id: string; label: string; value: string; options: readonly { value: string; label: string }[] }) {
  return (
    <Form method="get" role="search" aria-label={label} className="mt-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          Show
        </label>
        <select id={id} name="status" defaultValue={value} className="mt-1 rounded-md border border-gray-400 bg-white px-3 py-2 text-sm">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${BUTTON_SECONDARY} text-sm`}>
        Apply
      </button>
    </Form>
  );
}
