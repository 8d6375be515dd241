// The S3-compatible store (AWS S3, Cloudflare R2, MinIO...) through the official AWS SDK v3.
// Every object is written without an ACL, so it is as private as the bucket (keep the bucket
// private: block public access): product images reach shoppers through the shop's /images route,
// prescriptions only through the shop's authorised route. Cache-Control is stored with each
// object for anyone who later puts a CDN in front of the uploads/ prefix.
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { assertValidKey, isValidKey, type ObjectInfo, type ObjectStorage, type PutOptions } from "./object-storage.ts";

export interface S3Settings {
  kind: "s3";
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, a test server); unset for AWS S3. */
  endpoint: string | undefined;
  /** Bucket in the path (endpoint/bucket/key) rather than the host name; MinIO and test servers need it. */
  forcePathStyle: boolean;
  /** Put before every key ("shop/" → shop/uploads/...); "" for none. */
  prefix: string;
  /** Unset: the SDK's default chain (environment, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const CACHE_CONTROL = {
  public: "public, max-age=31536000, immutable",
  private: "private, no-store",
} as const;

type Sdk = typeof import("@aws-sdk/client-s3");

function notFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === "NoSuchKey" || failure.name === "NotFound" || failure.$metadata?.httpStatusCode === 404;
}

export function createS3Storage(settings: S3Settings): ObjectStorage {
  // The SDK is loaded on first use, keeping it off the start-up of a shop on the local disk.
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // Checksums only where S3 demands them: several S3-compatible stores refuse the newer defaults.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 3,
      }),
    })));
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${settings.prefix}${key}`;
  };

  async function statKey(key: string): Promise<ObjectInfo | null> {
    const { sdk, client } = await connect();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { key, size: Number(head.ContentLength ?? 0), modifiedMs: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async function getBody(key: string) {
    const { sdk, client } = await connect();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
      return answer.Body ?? null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: "s3",
    location: `s3://${Bucket}/${settings.prefix}`,
    async put(key: string, bytes: Buffer, { contentType, visibility }: PutOptions) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: CACHE_CONTROL[visibility],
          Metadata: { visibility },
        }),
      );
    },
    async get(key: string) {
      const body = await getBody(key);
      return body ? Buffer.from(await body.transformToByteArray()) : null;
    },
    async stream(key: string) {
      const body = await getBody(key);
      if (!body) return null;
      return body instanceof Readable ? body : Readable.from(Buffer.from(await body.transformToByteArray()));
    },
    stat: statKey,
    async exists(key: string) {
      return (await statKey(key)) !== null;
    },
    async delete(key: string) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list(prefix: string) {
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: `${settings.prefix}${prefix}`, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          const key = (item.Key ?? "").slice(settings.prefix.length);
          if (!isValidKey(key)) continue;
          yield { key, size: Number(item.Size ?? 0), modifiedMs: item.LastModified?.getTime() ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
