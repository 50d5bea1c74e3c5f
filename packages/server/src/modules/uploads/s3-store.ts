// The upload store in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), through the AWS
// SDK v3 client: one object per key, under the configured prefix (UPLOADS_S3_* variables).
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { UploadsStorageConfig } from '../../config.ts';
import { checkedKey, type UploadStore } from './upload-store.ts';

/** Objects in an S3-compatible bucket, under an optional key prefix. */
export function createS3Store(config: NonNullable<UploadsStorageConfig['s3']>): UploadStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    // MinIO and most self-hosted stores answer on the path, not on a bucket sub-domain.
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => `${config.prefix}${checkedKey(key)}`;
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return object.Body instanceof Readable ? object.Body : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
