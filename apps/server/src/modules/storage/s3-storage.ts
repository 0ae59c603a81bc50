import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { assertKey, assertPrefix, type FileStorage } from './storage.js';

type S3Config = NonNullable<Config['s3']>;

/** Same number of deletes in flight as before the SDK: fast for a store's files without flooding the server. */
const DELETE_BATCH = 8;

/**
 * A failure of the object store as a plain Error naming the operation, the key and S3's own code.
 * The SDK's error is not attached: it carries the raw HTTP response (socket included), which would
 * flood the log, and the error handler must answer 500, not whatever status S3 gave us.
 */
function storageError(op: string, target: string, err: unknown): Error {
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number; requestId?: string } };
  const status = e.$metadata?.httpStatusCode;
  const request = e.$metadata?.requestId ? ` (richiesta ${e.$metadata.requestId})` : '';
  return new Error(`S3 ${op} ${target} fallita: ${status ? `${status} ` : ''}${e.name ?? 'Error'} ${e.message ?? ''}`.trim() + request);
}

/**
 * Object storage over the S3 API through the AWS SDK, path-style addressing (AWS, MinIO, R2, s3rver).
 * The SDK is imported on the first call, so a server that stores files on disk never loads it.
 */
export function s3Storage(cfg: S3Config): FileStorage {
  const endpoint = cfg.endpoint.replace(/\/$/, '');
  const publicBase = (cfg.publicUrl ?? `${endpoint}/${cfg.bucket}`).replace(/\/$/, '');
  let loading: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;

  const connect = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint,
        region: cfg.region,
        forcePathStyle: true,
        // Without keys in the config the SDK's own chain applies (AWS_* variables, instance or task role).
        credentials: cfg.accessKeyId && cfg.secretAccessKey ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : undefined,
        // Checksums only where S3 demands them: many S3-compatible servers refuse the newer checksum headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
      }),
    })));

  const urlOf = (key: string) => `${publicBase}/${key}`;

  async function deleteObject(key: string) {
    const { sdk, client } = await connect();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: cfg.bucket, Key: key }));
    } catch (err) {
      // S3 answers 204 for a missing key; some compatible servers answer 404 NoSuchKey instead.
      if ((err as { name?: string }).name === 'NoSuchKey') return;
      throw storageError('DELETE', key, err);
    }
  }

  async function list(prefix: string): Promise<string[]> {
    const { sdk, client } = await connect();
    const keys: string[] = [];
    try {
      // S3 returns at most 1,000 keys a page; the paginator follows the continuation tokens.
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: cfg.bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
    } catch (err) {
      throw storageError('LIST', prefix, err);
    }
    return keys.sort();
  }

  return {
    driver: 's3',
    urlOf,
    list: async (prefix) => {
      assertPrefix(prefix);
      return list(prefix);
    },
    async put(key, body, contentType) {
      assertKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: cfg.bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            // Keys are never reused (they carry a timestamp or random id), so browsers may cache forever.
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch (err) {
        throw storageError('PUT', key, err);
      }
      return urlOf(key);
    },
    async copy(fromKey, toKey) {
      assertKey(fromKey);
      assertKey(toKey);
      const { sdk, client } = await connect();
      try {
        // Server-side copy: the bytes never travel through this server. Content type and cache headers come along.
        await client.send(new sdk.CopyObjectCommand({ Bucket: cfg.bucket, Key: toKey, CopySource: `${cfg.bucket}/${fromKey}` }));
      } catch (err) {
        throw storageError('COPY', `${fromKey} → ${toKey}`, err);
      }
      return urlOf(toKey);
    },
    async delete(key) {
      assertKey(key);
      await deleteObject(key);
    },
    async deletePrefix(prefix) {
      assertPrefix(prefix);
      const keys = await list(prefix);
      // One DeleteObject per key rather than DeleteObjects: the batch call needs Content-MD5 on several
      // S3-compatible servers, which the SDK no longer sends.
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        await Promise.all(keys.slice(i, i + DELETE_BATCH).map(deleteObject));
      }
    },
  };
}
