// `npm run backup [-- --output FILE]`: one archive of a shop on the embedded database (PGlite):
// the database, consistent even while the shop runs (the running shop copies it between
// transactions; see server/backup/live-dump.ts), the uploads and prescriptions of the local
// store, and a manifest with checksums. Reads DATA_DIR (and the S3_* variables) like the shop.
// On PostgreSQL (DATABASE_URL) use pg_dump instead: docs/operations.md, "Backups".
import path from "node:path";
import { BackupError, createBackup } from "../server/backup/backup.ts";
import { ConfigError, loadStorageConfig } from "../server/config.ts";

// Files written here (the archive, a restored DATA_DIR) are the owner's alone (server/data-dir.ts).
process.umask(0o077);

const args = process.argv.slice(2);
const outputIndex = args.indexOf("--output");
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace(/-\d{3}Z$/, "Z");
const output = path.resolve(outputIndex >= 0 && args[outputIndex + 1] ? args[outputIndex + 1] : `shop-backup-${stamp}.tar`);

try {
  if (process.env.DATABASE_URL) {
    console.error("This shop uses PostgreSQL (DATABASE_URL): back it up with pg_dump, as docs/operations.md describes.");
    process.exit(2);
  }
  const config = loadStorageConfig(process.env);
  const manifest = await createBackup({ config, output });
  const { counts } = manifest;
  console.log(`Backup written to ${output}`);
  console.log(
    `  database from the ${manifest.databaseSource}; ${counts.uploads} uploads and ${counts.prescriptions} prescriptions (${counts.bytes} bytes)` +
      (manifest.storage === "s3" ? "; files are in S3 and not in this archive (keep the bucket versioned)" : ""),
  );
  console.log(`RESULT ${JSON.stringify({ output, databaseSource: manifest.databaseSource, ...counts })}`);
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
