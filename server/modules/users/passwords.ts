import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/tx.ts";
import { account as credentials } from "#server/db/schema.ts";

/**
 * Whether the account has a password (Better Auth's "credential" account row). An account made by
 * phone has none (decisions/050): it confirms what others confirm with a password by a code to its
 * verified number (decisions/053).
 */
export async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: credentials.id })
    .from(credentials)
    .where(and(eq(credentials.userId, userId), eq(credentials.providerId, "credential")))
    .limit(1);
  return Boolean(row);
}
