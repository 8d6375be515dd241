export { adminStats } from "#server/modules/admin/stats.ts";
