// The shop's settings as the admin changes them (issue 17 item 9, decisions/031): the default
// low-stock threshold and the dispatch cut-off. Plain rules, shared by the settings page (checked
// in the browser) and PUT /api/admin/settings (server/schemas/settings.ts wraps the same function).
import { checked, type Checked, type Problem } from "./forms.ts";

/** The highest threshold the shop accepts (the database checks it too). */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

export const SETTINGS_MESSAGES = {
  invalid: "Send the settings as an object",
  thresholdInvalid: `The low-stock threshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}`,
  productThresholdInvalid: `Low-stock alert must be empty or a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}`,
  cutoffInvalid: "The dispatch cut-off must be a time of day as HH:MM (24-hour, India time), for example 14:00",
  nothingToChange: "Change the low-stock threshold or the dispatch cut-off",
  saved: "Settings saved",
  loadFailed: "Failed to load settings",
  saveFailed: "Failed to save settings",
} as const;

/** GET /api/admin/settings (and the PUT's `settings`). */
export interface ShopSettingsJson {
  /** Products without their own threshold are "low" at or below this many units. */
  lowStockThreshold: number;
  /** "HH:MM", India time: the cut-off in force (the admin's, or the configured one). */
  dispatchCutoff: string;
  /** True while the admin has not set a cut-off, so the configured one (SHOP_DISPATCH_CUTOFF) applies. */
  dispatchCutoffIsDefault: boolean;
  /** The configured cut-off, which `null` in a PUT returns to. */
  defaultDispatchCutoff: string;
  updatedAt: string;
}

/** PUT /api/admin/settings: either field or both; a null cut-off returns to the configured one. */
export interface ShopSettingsUpdate {
  lowStockThreshold?: number;
  dispatchCutoff?: string | null;
}

const CUTOFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isCutoff(value: string): boolean {
  return CUTOFF_PATTERN.test(value);
}

/** A whole number in 0..max from JSON (a number) or a form ("12"); undefined when not one. */
export function wholeNumber(value: unknown, max = MAX_LOW_STOCK_THRESHOLD): number | undefined {
  const number = typeof value === "string" && /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number >= 0 && number <= max ? number : undefined;
}

/** Reads a settings change: a JSON body or the settings form's values. */
export function checkSettings(input: unknown): Checked<ShopSettingsUpdate> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { ok: false, errors: { _: SETTINGS_MESSAGES.invalid } };
  const fields = input as Record<string, unknown>;
  const data: ShopSettingsUpdate = {};
  const problems: Record<string, Problem> = {};
  if (fields.lowStockThreshold !== undefined) {
    const threshold = wholeNumber(fields.lowStockThreshold);
    if (threshold === undefined) problems.lowStockThreshold = SETTINGS_MESSAGES.thresholdInvalid;
    else data.lowStockThreshold = threshold;
  }
  if (fields.dispatchCutoff !== undefined) {
    const cutoff = fields.dispatchCutoff;
    if (cutoff === null || cutoff === "") data.dispatchCutoff = null;
    else if (typeof cutoff === "string" && isCutoff(cutoff.trim())) data.dispatchCutoff = cutoff.trim();
    else problems.dispatchCutoff = SETTINGS_MESSAGES.cutoffInvalid;
  }
  if (Object.keys(problems).length === 0 && Object.keys(data).length === 0) problems._ = SETTINGS_MESSAGES.nothingToChange;
  return checked(data, problems);
}
