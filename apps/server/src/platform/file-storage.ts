/**
 * Where films and posters live (ARCHITECTURE.md, Uploads and video): files under DATA_DIR by
 * default, an S3-compatible bucket when configured, so several app nodes serve the same files.
 * Keys are relative paths (`uploads/…`, `posters/…`); both uploads and playback use this.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';

export interface StoredFile {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte positions, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Size and time of a stored file; null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** The file's bytes, or the given range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Runs `use` with a path on this machine holding the file (ffprobe reads files, not streams). */
  withLocalCopy<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
}

export function createFileStorage(options: { dataDir: string; s3: S3Config | null }): FileStorage {
  return options.s3 ? new S3FileStorage(options.s3) : new DiskFileStorage(options.dataDir);
}

/** The S3 client settings of our config: path-style addressing works with every S3-compatible store. */
export function s3ClientConfig(s3: S3Config): S3ClientConfig {
  return {
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Integrity checksums the AWS SDK adds by default are not understood by every S3-compatible
    // store; TLS and S3's own Content-MD5 on multipart parts cover what they would.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

class DiskFileStorage implements FileStorage {
  readonly kind = 'disk';
  constructor(private readonly root: string) {}

  /** A key never leaves the data directory, whatever it holds. */
  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(`${path.resolve(this.root)}${path.sep}`)) {
      throw new Error(`Storage key outside the data directory: ${key}`);
    }
    return resolved;
  }

  async stat(key: string): Promise<StoredFile | null> {
    const stats = await fs.stat(this.pathOf(key)).catch(() => null);
    return stats?.isFile() ? { size: stats.size, modifiedAt: stats.mtime } : null;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.pathOf(key), range ?? {});
  }

  async write(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside and renamed: a reader never sees half a file.
    const partial = `${target}.${process.pid}.partial`;
    await fs.writeFile(partial, body);
    await fs.rename(partial, target);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async withLocalCopy<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T> {
    return use(this.pathOf(key));
  }
}

class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  constructor(config: S3Config) {
    this.client = new S3Client(s3ClientConfig(config));
    this.bucket = config.bucket;
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') {
        return null;
      }
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(object.Body instanceof Readable)) {
      throw new Error(`S3 answered no body for ${key}`);
    }
    return object.Body;
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async withLocalCopy<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'homestretch-media-'));
    try {
      const copy = path.join(dir, 'file');
      await pipeline(await this.read(key), createWriteStream(copy));
      return await use(copy);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
