// The vocabulary of every module's reply table (server/modules/<area>/replies.ts): a use case's
// outcome as status and sentence, which both doors send as they are — the REST handler as JSON
// (server/http/errors.ts `replyError` for a refusal), the page adapter as its toast or form errors.
import { CHECK_DETAILS_MESSAGE } from "#common/messages.ts";
import type { InvalidInput } from "#server/schemas/input.ts";

/** A use case's outcome as both doors answer it (a module's reply table): status, message, field errors, headers. */
export interface Reply {
  status: number;
  message: string;
  errors?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A success: its sentence, 200 unless said (201 for a record created). */
export const ok = (message: string, status = 200): Reply => ({ status, message });

/** A refusal: its status and sentence, and the field it concerns when a form should mark one. */
export const refused = (status: number, message: string, field?: string): Reply =>
  field ? { status, message, errors: { [field]: message } } : { status, message };

/** A body that failed its check: the first field's message leads, every field keeps its own. */
export function invalidInputReply(errors: Record<string, string>, summary?: string): Reply {
  return { status: 400, message: summary ?? Object.values(errors)[0] ?? CHECK_DETAILS_MESSAGE, errors };
}

/** The reasons a use case refuses, each with its reply; a body that failed its schema is answered alike everywhere. */
export type Refusals<R> = Record<Exclude<R extends { ok: false; reason: infer K extends string } ? K : never, "invalid">, Reply>;

/** A refusal from its use case's table; invalid input leads with the first field's message, every field keeps its own. */
export function refusal<R extends { ok: false; reason: string }>(result: R, table: Record<string, Reply>): Reply {
  if (result.reason !== "invalid") return table[result.reason]!;
  const { errors } = result as unknown as InvalidInput;
  return invalidInputReply(errors);
}
