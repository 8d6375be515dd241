/** PostgreSQL's SQLSTATE of an error, looking through the driver's and Drizzle's wrappers. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === "23505";
export const isForeignKeyViolation = (error: unknown) => sqlStateOf(error) === "23503";

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
