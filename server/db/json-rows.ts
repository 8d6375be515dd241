import { getTableColumns, sql, type Placeholder, type SQL, type Table } from "drizzle-orm";

type Row<T extends Table> = T["$inferInsert"];

/**
 * Any number of rows of `table` given as ONE JSON parameter, for a prepared statement whose text
 * must not change with the number of rows (server/db/prepared.ts): `insert into <table> (<keys'
 * columns>) select … from json_to_recordset(<rows>::json) as r(<column> <type>, …)`. `rows` is the
 * placeholder that `jsonRows` fills in; `computed` gives a column an SQL expression instead (it may
 * read the recordset as `r`, and `r._n`, the row's place from 0). Columns not named keep their defaults.
 */
export function insertJsonRows<T extends Table>(
  table: T,
  keys: readonly (keyof Row<T> & string)[],
  rows: SQL | Placeholder,
  computed: Partial<Record<keyof Row<T> & string, SQL>> = {},
): SQL {
  const columns = getTableColumns(table);
  const given = keys.filter((key) => !(key in computed));
  const target = [...keys, ...Object.keys(computed).filter((key) => !keys.includes(key as never))];
  const names = target.map((key) => sql.identifier(columns[key]!.name));
  const selected = target.map((key) => computed[key as keyof typeof computed] ?? sql`r.${sql.identifier(columns[key]!.name)}`);
  const recordType = [...given.map((key) => sql`${sql.identifier(columns[key]!.name)} ${sql.raw(columns[key]!.getSQLType())}`), sql`_n int`];
  return sql`insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(selected, sql`, `)} from json_to_recordset(${rows}::json) as r(${sql.join(recordType, sql`, `)})`;
}

/**
 * The parameter of `insertJsonRows`: the rows with the columns' names and as each column writes its
 * values (a time as ISO text; JSON columns as the value itself, not as text in JSON), each with its place.
 */
export function jsonRows<T extends Table>(table: T, keys: readonly (keyof Row<T> & string)[], rows: readonly Row<T>[]): string {
  const columns = getTableColumns(table);
  return JSON.stringify(
    rows.map((row, n) => {
      const out: Record<string, unknown> = { _n: n };
      for (const key of keys) {
        const column = columns[key]!;
        const value = (row as Record<string, unknown>)[key];
        out[column.name] =
          value === null || value === undefined ? null : column.dataType === "json" ? value : column.mapToDriverValue(value);
      }
      return out;
    }),
  );
}
