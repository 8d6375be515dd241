// The settings page's server side (decisions/031): the settings in force, the low-stock list's
// default and the GST reform's report, and the save through the settings module's use case and
// reply table, the same as PUT /api/admin/settings.
import type { AppLoadContext } from "react-router";
import { SETTINGS_MESSAGES } from "#common/settings.ts";
import type { SessionUser } from "#server/auth.ts";
import { settingsReply } from "#server/modules/settings/replies.ts";
import { gstReformChanges, readSettings, updateSettings } from "#server/modules/settings/settings.ts";
import { formText } from "~/lib/form-text";
import { adminAction } from "./admin-action.server";

export async function loadSettings(context: AppLoadContext) {
  const [settings, gstChanges] = await Promise.all([readSettings(context.shop), gstReformChanges(context.shop.db)]);
  return { settings, gstChanges };
}

export async function saveSettings(context: AppLoadContext, admin: SessionUser, form: FormData) {
  const { lowStockThreshold, dispatchCutoff } = formText(form, ["lowStockThreshold", "dispatchCutoff"]);
  return adminAction(context, SETTINGS_MESSAGES.saveFailed, async () =>
    settingsReply.update(await updateSettings(context.shop, admin, { lowStockThreshold, dispatchCutoff })),
  );
}
