import { SETTINGS_MESSAGES } from "#common/settings.ts";
import { invalidInputReply as invalid, type Reply } from "#server/replies.ts";
import type { SettingsWriteResult } from "./settings.ts";

/** The settings module's one table from a result to its status and sentence (PUT /api/admin/settings, /admin/settings). */
export const settingsReply = {
  update(result: SettingsWriteResult): Reply {
    if (result.ok) return { status: 200, message: SETTINGS_MESSAGES.saved };
    return invalid(result.errors);
  },
};
