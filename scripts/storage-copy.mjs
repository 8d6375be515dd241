// `npm run storage:copy-to-s3`: copies the local store (DATA_DIR/uploads and DATA_DIR/prescriptions)
// into the bucket the S3_* variables name (decisions/035). Safe to run again: objects already in
// the bucket with the same size are skipped. Prints the counts; exits 1 if any object failed.
// Run it with the shop's environment (DATA_DIR, S3_BUCKET, S3_REGION, ...), before or after
// switching the shop to S3 (uploads made in between are copied by a second run).
import { ConfigError, loadStorageConfig } from "../server/config.ts";
import { copyStore } from "../server/storage/copy.ts";
import { createLocalStorage } from "../server/storage/local.ts";
import { storageFor } from "../server/storage/storage.ts";

try {
  const config = loadStorageConfig(process.env);
  if (config.storage.kind !== "s3") {
    console.error("Set S3_BUCKET and S3_REGION (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) to say where to copy to.");
    process.exit(2);
  }
  const from = createLocalStorage(config.dataDir);
  const to = storageFor(config);
  console.log(`Copying ${from.location} into ${to.location} ...`);
  const report = await copyStore(from, to);
  for (const failure of report.failed) console.error(`  failed: ${failure.key}: ${failure.error}`);
  console.log(
    `${report.copied} copied (${report.bytes} bytes), ${report.skipped} already there, ${report.failed.length} failed.`,
  );
  console.log(`RESULT ${JSON.stringify({ copied: report.copied, skipped: report.skipped, failed: report.failed.length, bytes: report.bytes })}`);
  process.exit(report.failed.length > 0 ? 1 : 0);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
