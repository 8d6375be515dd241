// The one CSV reader and writer (RFC 4180) of every download and import: the subscribers' list,
// the H1 register, the serviceability table and the catalogue (decisions/033).

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) is
 * prefixed with an apostrophe (OWASP's CSV injection advice), so opening the export never runs
 * anything; a cell that already starts with an apostrophe and a formula character gets one more,
 * so `csvCellText` gives back exactly what was written.
 */
export function csvCell(value: string): string {
  const safe = /^('*)[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as a CSV text: every cell through `csvCell`, CRLF line ends, a final line end. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/**
 * RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks (LF, CRLF or CR); a
 * leading byte order mark is skipped; blank lines are left out. Null when a quote is never closed.
 */
export function parseCsv(text: string): string[][] | null {
  const parsed = readCsv(text);
  return "rows" in parsed ? parsed.rows : null;
}

/**
 * parseCsv's rows, or the record whose quote is never closed: its number among the file's records
 * (blank lines not counted, the header being 1), for an import to name the row to fix.
 */
export function readCsv(text: string): { rows: string[][] } | { unclosedQuoteRecord: number } {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  const filled = (cells: string[]) => cells.some((value) => value.trim() !== "");
  // The open quote swallowed the rest of the file: its record is the one after the last complete one.
  if (quoted) return { unclosedQuoteRecord: rows.filter(filled).length + 1 };
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return { rows: rows.filter(filled) };
}

/** A cell as it was before `csvCell` guarded it: the apostrophe before a formula character comes off. */
export function csvCellText(value: string | undefined): string {
  const text = value ?? "";
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** Whether bytes are UTF-8 text a CSV may be (no NUL, no invalid sequences): binary files are refused. */
export function decodeCsvBytes(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes("\u0000") ? null : text;
}
