import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../config.ts';
import { AppError } from '../errors.ts';
import type { FsMediaStorage, MediaStorage } from './storage.ts';

const KEY = /^[0-9a-f]{64}$/;
/** Attempts for one request: a 5xx, a 429 or a dropped connection is tried again after a short wait. */
const ATTEMPTS = 3;
const RETRY_BASE_MS = 100;

/** A request the store refused or could not answer; the message says which and why, for the log. */
export class ObjectStoreError extends Error {
  readonly status: number | undefined;

  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ObjectStoreError';
    this.status = status;
  }
}

type S3StorageOptions = {
  settings: S3Settings;
  /** The namespace inside the bucket (after MEDIA_S3_PREFIX), e.g. 'media/' or 'form-files/'. */
  namespace: string;
  /** The node's own disk: variants, upload scratch files and downloaded originals. */
  local: FsMediaStorage;
  /**
   * Keep an uploaded file as the node's cached copy of the original (media: the first variants are
   * asked right after an upload). Off for form files: personal data stays in the bucket only.
   */
  keepUploads: boolean;
};

/**
 * Originals in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…), so every app node sees every
 * upload. Keys are `<prefix><namespace><hash>`. What sharp needs is a local file, so `localPath`
 * downloads an original once into the node's cache (the same layout FsMediaStorage uses); variants
 * and scratch files stay on the local disk, as the interface says. Bodies are streamed both ways.
 *
 * The keys need GetObject, PutObject, DeleteObject and ListBucket on the bucket: without ListBucket,
 * S3 answers a missing key with 403 instead of 404, and `has` cannot tell "new" from "refused".
 */
export class S3MediaStorage implements MediaStorage {
  readonly #client: AwsClient;
  readonly #settings: S3Settings;
  readonly #keyPrefix: string;
  readonly #local: FsMediaStorage;
  readonly #keepUploads: boolean;
  /** Downloads in progress, so concurrent transforms of one new original fetch it once. */
  readonly #downloads = new Map<string, Promise<string>>();

  constructor(options: S3StorageOptions) {
    this.#settings = options.settings;
    this.#keyPrefix = `${options.settings.prefix}${options.namespace}`;
    this.#local = options.local;
    this.#keepUploads = options.keepUploads;
    this.#client = new AwsClient({
      accessKeyId: options.settings.accessKeyId,
      secretAccessKey: options.settings.secretAccessKey,
      service: 's3',
      region: options.settings.region,
      // Retries are ours (#send), so a streamed body can be opened again for the next attempt.
      retries: 0,
    });
  }

  async put(hash: string, sourceFile: string): Promise<{ stored: boolean }> {
    const key = this.#key(hash);
    if (await this.has(hash)) {
      await rm(sourceFile, { force: true });
      return { stored: false };
    }
    const { size } = await stat(sourceFile);
    const response = await this.#send('PUT', this.#objectUrl(key), {
      headers: { 'content-length': String(size), 'content-type': 'application/octet-stream' },
      body: () => Readable.toWeb(createReadStream(sourceFile)) as ReadableStream<Uint8Array>,
    });
    await this.#expectOk(response, 'PUT', key);
    if (this.#keepUploads) await this.#keepAsCache(hash, sourceFile);
    else await rm(sourceFile, { force: true });
    return { stored: true };
  }

  async has(hash: string): Promise<boolean> {
    const key = this.#key(hash);
    const response = await this.#send('HEAD', this.#objectUrl(key));
    if (response.status === 404) return false;
    await this.#expectOk(response, 'HEAD', key);
    return true;
  }

  get(hash: string): Readable {
    const key = this.#key(hash);
    const cached = this.#local.originalPath(hash);
    const self = this;
    return Readable.from(
      (async function* () {
        if (await isFile(cached)) {
          yield* createReadStream(cached);
          return;
        }
        const response = await self.#send('GET', self.#objectUrl(key));
        if (response.status === 404) {
          await response.body?.cancel();
          throw new AppError('not_found', `the stored file ${key} is not in the bucket`);
        }
        await self.#expectOk(response, 'GET', key);
        if (response.body) yield* response.body as WebReadableStream<Uint8Array>;
      })(),
      { objectMode: false },
    );
  }

  async localPath(hash: string): Promise<string> {
    const target = this.#local.originalPath(hash);
    if (await isFile(target)) return target;
    const running = this.#downloads.get(hash);
    if (running) return running;
    const download = this.#download(hash, target).finally(() => this.#downloads.delete(hash));
    this.#downloads.set(hash, download);
    return download;
  }

  variantPath(hash: string, name: string): string {
    return this.#local.variantPath(hash, name);
  }

  putVariant(hash: string, name: string, bytes: Buffer): Promise<string> {
    return this.#local.putVariant(hash, name, bytes);
  }

  tempPath(): Promise<string> {
    return this.#local.tempPath();
  }

  async remove(hash: string): Promise<void> {
    const key = this.#key(hash);
    const response = await this.#send('DELETE', this.#objectUrl(key));
    // S3 answers 204 for a key that was never there; some compatible stores answer 404.
    if (response.status !== 404) await this.#expectOk(response, 'DELETE', key);
    else await response.body?.cancel();
    await this.#local.remove(hash);
  }

  async *list(): AsyncIterable<{ hash: string; storedAt: Date }> {
    let continuationToken: string | undefined;
    do {
      const url = new URL(this.#bucketUrl());
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', this.#keyPrefix);
      url.searchParams.set('max-keys', '1000');
      if (continuationToken) url.searchParams.set('continuation-token', continuationToken);
      const response = await this.#send('GET', url.toString());
      await this.#expectOk(response, 'LIST', this.#keyPrefix);
      const page = parseListing(await response.text());
      for (const entry of page.objects) {
        const hash = entry.key.slice(this.#keyPrefix.length);
        if (entry.key.startsWith(this.#keyPrefix) && KEY.test(hash)) {
          yield { hash, storedAt: entry.lastModified };
        }
      }
      continuationToken = page.nextToken;
    } while (continuationToken);
  }

  async #download(hash: string, target: string): Promise<string> {
    const key = this.#key(hash);
    const response = await this.#send('GET', this.#objectUrl(key));
    if (response.status === 404) {
      await response.body?.cancel();
      throw new AppError('not_found', `the original ${key} is not in the bucket`);
    }
    await this.#expectOk(response, 'GET', key);
    await mkdir(path.dirname(target), { recursive: true });
    const scratch = `${target}.${randomUUID()}.tmp`;
    try {
      const body = response.body
        ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
        : Readable.from([]);
      await pipeline(body, createWriteStream(scratch));
      // A reader sees the whole file or none (the same rule as for variants).
      await rename(scratch, target);
    } catch (error) {
      await rm(scratch, { force: true });
      throw new ObjectStoreError(`S3 GET ${this.#where(key)} broke off: ${messageOf(error)}`, undefined, {
        cause: error,
      });
    }
    return target;
  }

  async #keepAsCache(hash: string, sourceFile: string): Promise<void> {
    const target = this.#local.originalPath(hash);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(sourceFile, target);
    } catch {
      // Only a cache: the next transform downloads the original instead.
      await rm(sourceFile, { force: true });
    }
  }

  /** One signed request, tried again on a 5xx, a 429 or a network error. */
  async #send(
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    url: string,
    options: { headers?: Record<string, string>; body?: () => ReadableStream<Uint8Array> } = {},
  ): Promise<Response> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      if (attempt > 1) await sleep(RETRY_BASE_MS * 2 ** (attempt - 2) * (1 + Math.random()));
      try {
        const init = {
          method,
          ...(options.headers ? { headers: options.headers } : {}),
          // A streamed body needs half duplex (Node's fetch refuses one without it).
          ...(options.body ? { body: options.body(), duplex: 'half' } : {}),
        } as RequestInit;
        const response = await fetch(await this.#client.sign(url, init));
        if ((response.status >= 500 || response.status === 429) && attempt < ATTEMPTS) {
          await response.body?.cancel();
          lastError = new ObjectStoreError(`S3 ${method} answered ${response.status}`, response.status);
          continue;
        }
        return response;
      } catch (error) {
        lastError = error;
      }
    }
    throw new ObjectStoreError(
      `S3 ${method} ${url.split('?')[0]} failed after ${ATTEMPTS} attempts: ${messageOf(lastError)}`,
      undefined,
      { cause: lastError },
    );
  }

  /** Throws a readable error (the store's code and message) unless the answer is a 2xx. */
  async #expectOk(response: Response, action: string, key: string): Promise<void> {
    if (response.ok) return;
    const text = await response.text().catch(() => '');
    const code = xmlText(text, 'Code');
    const message = xmlText(text, 'Message');
    const detail = [code, message].filter(Boolean).join(': ') || response.statusText;
    throw new ObjectStoreError(
      `S3 ${action} ${this.#where(key)} answered ${response.status}${detail ? ` (${detail})` : ''}`,
      response.status,
    );
  }

  #key(hash: string): string {
    // The key becomes part of a URL: never let anything but 64 hex digits through.
    if (!KEY.test(hash)) throw new Error(`not a SHA-256 hex digest: ${hash}`);
    return `${this.#keyPrefix}${hash}`;
  }

  #where(key: string): string {
    return `${this.#settings.bucket}/${key}`;
  }

  #bucketUrl(): string {
    const { endpoint, bucket, forcePathStyle } = this.#settings;
    if (forcePathStyle) return `${endpoint}/${encodeURIComponent(bucket)}`;
    const url = new URL(endpoint);
    url.hostname = `${bucket}.${url.hostname}`;
    return url.toString();
  }

  #objectUrl(key: string): string {
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    return `${this.#bucketUrl().replace(/\/$/, '')}/${encoded}`;
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch reports "fetch failed" and keeps the reason (ECONNREFUSED, a DNS error…) in `cause`.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    }
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity.toLowerCase()] ?? '';
  });
}

function xmlText(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match?.[1] === undefined ? undefined : decodeXml(match[1]);
}

/**
 * The objects of one ListObjectsV2 page. The answer is flat, machine-written XML, so a few patterns
 * read it; the keys we care for are hex digests under our prefix.
 */
export function parseListing(xml: string): {
  objects: { key: string; lastModified: Date }[];
  nextToken: string | undefined;
} {
  const objects: { key: string; lastModified: Date }[] = [];
  for (const match of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const body = match[1] ?? '';
    const key = xmlText(body, 'Key');
    const lastModified = new Date(xmlText(body, 'LastModified') ?? '');
    if (key !== undefined && !Number.isNaN(lastModified.getTime())) objects.push({ key, lastModified });
  }
  const isTruncated = xmlText(xml, 'IsTruncated') === 'true';
  return { objects, nextToken: isTruncated ? xmlText(xml, 'NextContinuationToken') : undefined };
}
