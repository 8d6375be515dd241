import type { Database } from "./client.ts";

/** The transaction handle Drizzle passes to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The database or a transaction on it: for queries that run either alone or inside a caller's transaction. */
export type Executor = Database | Transaction;

/** Thrown inside a transaction to roll it back and hand an expected failure to the caller. */
export class Rollback<T> {
  constructor(readonly result: T) {}
}

/** Runs `work` in a transaction; a `Rollback` thrown inside undoes it and becomes the result. */
export async function inTransaction<T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    throw error;
  }
}
