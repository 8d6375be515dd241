// PUT /api/admin/settings (decisions/031): the shared check of common/settings.ts as a zod schema,
// so the settings page and the API agree.
import { checkSettings } from "#common/settings.ts";
import { fromCheck } from "./rule.ts";

export const settingsUpdateSchema = fromCheck(checkSettings);
