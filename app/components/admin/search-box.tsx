import { Search } from "lucide-react";
import { Form } from "react-router";

/** A GET search form (works without JavaScript); extra hidden fields keep other filters. */
export function SearchBox({
  label,
  defaultValue,
  placeholder,
  keep = {},
}: {
  label: string;
  defaultValue: string;
  placeholder?: string;
  keep?: Record<string, string>;
}) {
  return (
    <Form method="get" role="search" className="flex items-center gap-2">
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <input
        type="search"
        name="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        aria-label={label}
        className="w-48 rounded-md border border-gray-400 px-3 py-1.5 text-sm sm:w-64"
      />
      <button type="submit" className="rounded-md border border-gray-400 bg-white p-2 text-gray-800 hover:bg-gray-100" aria-label="Search">
        <Search className="h-4 w-4" aria-hidden />
      </button>
    </Form>
  );
}
