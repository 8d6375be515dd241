// `npm run restore -- FILE`: unpacks a backup made by `npm run backup` into DATA_DIR, which must
// be new (no database in it, no shop running on it). Every entry is checked against the archive's
// manifest before anything is written. Then start the shop on that DATA_DIR as usual.
import path from "node:path";
import { BackupError, restoreBackup } from "../server/backup/backup.ts";
import { ConfigError, loadStorageConfig } from "../server/config.ts";

// Files written here (the archive, a restored DATA_DIR) are the owner's alone (server/data-dir.ts).
process.umask(0o077);

const archive = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
if (!archive) {
  console.error("Name the archive to restore: npm run restore -- shop-backup-....tar (into DATA_DIR, which must be new).");
  process.exit(2);
}

try {
  if (process.env.DATABASE_URL) {
    console.error("DATABASE_URL is set: this restores only the embedded database. Use pg_restore for PostgreSQL (docs/operations.md).");
    process.exit(2);
  }
  const config = loadStorageConfig(process.env);
  const report = await restoreBackup({ config, archive: path.resolve(archive) });
  console.log(`Restored ${path.resolve(archive)} into ${config.dataDir}`);
  console.log(`  backup of ${report.manifest.createdAt}: ${report.orders} orders, ${report.invoices} invoices, ${report.files} files`);
  console.log(`RESULT ${JSON.stringify({ orders: report.orders, invoices: report.invoices, files: report.files })}`);
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
