import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, validated once at boot. Nothing else in the code base reads
 * `process.env`: take a `Config` from `loadConfig()` and pass it down.
 */
/** A whole number in [min, max] written in digits only (so ' ', '1e3' or '0x10' are refused). */
function wholeNumber(min: number, max: number, fallback: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(new RegExp(`^\\d{1,${String(max).length}}$`), message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .default(fallback);
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const PROXY_MESSAGE =
  "must be 'false', a number of proxy hops (1 to 10), or a comma-separated list of addresses, CIDR ranges, 'loopback', 'linklocal' or 'uniquelocal'";

/** One entry of TRUST_PROXY: a proxy-addr range name, an address, or an address with a prefix length. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client's address in X-Forwarded-For. Off unless configured: a client
 * that reaches the server directly must never choose the address the sign-in limit keys on.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, context): false | number | string[] => {
    const text = value.trim();
    if (text === 'false') return false;
    if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 10) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isProxyEntry)) return entries;
    context.addIssue({ code: 'custom', message: PROXY_MESSAGE });
    return z.NEVER;
  });

/** OpenStreetMap's own geocoder (its usage policy: an identifying User-Agent, light use, no autocomplete). */
export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';

const S3_REQUIRED = [
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
] as const;

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Digits only: coercing would read ' ' as 0 (a random port) and '1e3' or '0x10' as numbers.
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .pipe(z.number().max(65535, 'must be a whole number from 0 to 65535'))
    .default(3000),
  /** Where the embedded database, media and the mail outbox live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… to use a PostgreSQL server instead of the embedded PGlite database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Public base URL of the site, used for canonical and hreflang links. Defaults to the request's host. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** First admin account, created on first start. Without a password one is generated and printed once. */
  ADMIN_EMAIL: z.email().default('admin@bouwsteen.local'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Seed the demo site into an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where `react-router build` wrote the site (build/server, build/client). */
  BUILD_DIR: z.string().min(1).default('./build'),
  /** Proxies whose X-Forwarded-For is believed (see trustProxySchema). */
  TRUST_PROXY: trustProxySchema,
  /** Optional Redis for cache invalidation broadcasts between app nodes. */
  REDIS_URL: z.string().optional(),
  /** Optional SMTP server; without it mail goes to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender of the platform's mail. */
  MAIL_FROM: z.string().min(3).default('Bouwsteen <no-reply@bouwsteen.local>'),
  /**
   * Where uploaded originals (and form files) live: `fs` (DATA_DIR/media, one node) or `s3` (an
   * S3-compatible bucket, shared by every node). Variants are a cache on each node's own disk.
   */
  MEDIA_STORAGE: z.enum(['fs', 's3']).default('fs'),
  /** The S3-compatible endpoint, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000. */
  MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  MEDIA_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 of a-z, 0-9, . and -)')
    .optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().max(500).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().max(500).optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO wants; `false` for bucket.host. */
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Optional key prefix, so several sites can share one bucket (e.g. `delinde/`). */
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^[\w.-]+(\/[\w.-]+)*\/?$/, 'must be letters, digits, . _ - and / between them')
    .optional(),
  /** How many image transforms (sharp) may run at the same time; one more slot is the site's own sizes'. */
  MEDIA_TRANSFORM_CONCURRENCY: wholeNumber(1, 64, 2),
  /** How many more may wait for a turn (all clients together); beyond that a request gets 503. */
  MEDIA_TRANSFORM_QUEUE: wholeNumber(0, 10_000, 32),
  /** Transforms one client (a signed-in user, else an address) may have running or waiting; the site's own sizes excepted. */
  MEDIA_TRANSFORM_PER_CLIENT: wholeNumber(1, 10_000, 8),
  /** Seconds a transform may wait for its turn before the request gets 503. */
  MEDIA_TRANSFORM_QUEUE_TIMEOUT: wholeNumber(1, 600, 15),
  /** Seconds one transform may take (sharp's own limit; it cannot stop an AVIF encoder once started). */
  MEDIA_TRANSFORM_TIMEOUT: wholeNumber(1, 3600, 20),
  /** libvips threads per transform, the AVIF encoder's included. */
  MEDIA_TRANSFORM_THREADS: wholeNumber(1, 64, 1),
  /** The largest variant, in pixels, that is encoded as AVIF (0: never). */
  MEDIA_AVIF_MAX_PIXELS: wholeNumber(0, 100_000_000, 1_000_000),
  /**
   * Megabytes all uploads in progress may hold on this node's disk together (scratch files of
   * `POST /a/upload` and of form posts with files); past it an upload is refused with 503 scratch_full.
   */
  UPLOAD_SCRATCH_MAX_MB: wholeNumber(1, 1_000_000, 512),
  /** Count page views, referrers and searches (issue 10). `false` turns collection off (the bench compares). */
  STATISTICS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Seconds between two flushes of the counted statistics to the database. */
  STATISTICS_FLUSH_SECONDS: wholeNumber(1, 3600, 5),
  SCHEDULE_CHECK_SECONDS: wholeNumber(1, 60, 15),
  /**
   * Prometheus metrics (issue 28): on a port of their own (GET /metrics on HOST:METRICS_PORT, for a
   * network only the monitoring reaches), and/or on the site's port for `Authorization: Bearer
   * METRICS_TOKEN` (at least 32 characters). Neither set: not served.
   */
  METRICS_PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number from 1 to 65535')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'must be a whole number from 1 to 65535')
        .max(65535, 'must be a whole number from 1 to 65535'),
    )
    .optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Seconds between SIGTERM and closing the listener: /readyz answers 503 meanwhile, so a proxy or
   * orchestrator takes the node out of rotation before it stops taking connections (rolling
   * restarts: more than the proxy's health-check interval). 0: close at once (one node, no proxy).
   */
  SHUTDOWN_DRAIN_SECONDS: wholeNumber(0, 60, 0),
  /**
   * Seconds without requests after which a node runs one full garbage collection, giving back what
   * its last busy spell left (server/http/idle-collection.ts). 0: never (V8 collects when it will).
   */
  IDLE_COLLECTION_SECONDS: wholeNumber(0, 3600, 5),
  /**
   * Seconds of standing queue after which a node refuses new reads that need work (a render, an
   * API read not cached) with 503 and Retry-After, rather than let them wait (server/http/overload.ts).
   * 0: never refuse.
   */
  OVERLOAD_WAIT_SECONDS: wholeNumber(0, 60, 3),
  /**
   * Requests per minute one address may make to each sign-in route (sign in, sign up, password
   * reset…), before the per-account limits of the service. A school or office behind one address
   * signs in a whole class at once: raise it there (or set TRUST_PROXY behind a proxy).
   */
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 100_000, 30),
  /**
   * A LibreTranslate-compatible service (self-hosted: no third party sees the visitors) for the
   * automatic translation of SPEC 1; without it the site offers none.
   */
  TRANSLATE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** The service's API key, if it asks for one. */
  TRANSLATE_API_KEY: z.string().max(500).optional(),
  /** Seconds a translation may take before the visitor is told it did not work. */
  TRANSLATE_TIMEOUT: wholeNumber(1, 120, 10),
  /** Characters a day (UTC) the whole site may send to the service; answers it kept do not count. */
  TRANSLATE_DAILY_CHARACTERS: wholeNumber(1, 1_000_000_000, 1_000_000),
  /** Characters a day one address (an IPv6 /64) may have sent to the service. */
  TRANSLATE_DAILY_CHARACTERS_PER_ADDRESS: wholeNumber(1, 1_000_000_000, 100_000),
  /**
   * A Nominatim-compatible geocoder (its search URL) for the map block's address search in the
   * editor (issue 31); `off`: editors type the coordinates themselves.
   */
  GEOCODER_URL: z
    .union([
      z.literal('off'),
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, or 'off'" }),
    ])
    .default(DEFAULT_GEOCODER_URL),
  /** Seconds an address search may take before the editor is told to type the coordinates. */
  GEOCODER_TIMEOUT: wholeNumber(1, 60, 5),
});

/** With MEDIA_STORAGE=s3, the bucket settings are needed (checked after each field's own rule). */
const checkedConfigSchema = configSchema.superRefine((value, context) => {
  if (value.MEDIA_STORAGE !== 's3') return;
  for (const name of S3_REQUIRED) {
    if (value[name] === undefined) {
      context.addIssue({ code: 'custom', path: [name], message: 'is required when MEDIA_STORAGE=s3' });
    }
  }
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  buildDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  redisUrl: string | undefined;
  trustProxy: false | number | string[];
  smtpUrl: string | undefined;
  platformMailFrom: string;
  mediaStorage: 'fs' | 's3';
  /** Set when mediaStorage is 's3'. */
  mediaS3: S3Settings | undefined;
  mediaTransformConcurrency: number;
  mediaTransformQueue: number;
  mediaTransformPerClient: number;
  mediaTransformQueueTimeoutMs: number;
  mediaTransformTimeoutSeconds: number;
  mediaTransformThreads: number;
  mediaAvifMaxPixels: number;
  /** Bytes all uploads in progress may hold in scratch files on this node together. */
  uploadScratchMaxBytes: number;
  statisticsEnabled: boolean;
  statisticsFlushMs: number;
  /** How often each node looks for scheduled publishes that are due (issue 13). */
  scheduleCheckMs: number;
  /** Prometheus metrics: their own port, a bearer token for /metrics on the site's port (issue 28). */
  metricsPort: number | undefined;
  metricsToken: string | undefined;
  /** How long a stopping node answers not-ready before it closes its listener. */
  shutdownDrainMs: number;
  /** Quiet time after which a node runs one full garbage collection; 0: never. */
  idleCollectionMs: number;
  /** The standing queue after which new reads that need work are refused (503); 0: never. */
  overloadWaitMs: number;
  /** Requests per minute per address to each sign-in route. */
  authRateLimitPerMinute: number;
  translateUrl: string | undefined;
  translateApiKey: string | undefined;
  translateTimeoutMs: number;
  /** Daily caps of automatic translation, in characters sent to the service. */
  translateDailyCharacters: { total: number; perAddress: number };
  /** The map block's address search (issue 31); undefined when it is off. */
  geocoderUrl: string | undefined;
  geocoderTimeoutMs: number;
};

/** Where an S3-compatible bucket is and how to sign in to it. */
export type S3Settings = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** '' or a prefix ending in '/'. */
  prefix: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = checkedConfigSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  return {
    env: value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    dataDir: path.resolve(value.DATA_DIR),
    buildDir: path.resolve(value.BUILD_DIR),
    databaseUrl: value.DATABASE_URL,
    publicUrl: value.PUBLIC_URL?.replace(/\/$/, ''),
    adminEmail: value.ADMIN_EMAIL,
    adminPassword: value.ADMIN_PASSWORD,
    seedDemo: value.SEED_DEMO,
    logLevel: value.LOG_LEVEL,
    redisUrl: value.REDIS_URL,
    trustProxy: value.TRUST_PROXY,
    smtpUrl: value.SMTP_URL,
    platformMailFrom: value.MAIL_FROM,
    mediaStorage: value.MEDIA_STORAGE,
    mediaS3: s3Settings(value),
    mediaTransformConcurrency: value.MEDIA_TRANSFORM_CONCURRENCY,
    mediaTransformQueue: value.MEDIA_TRANSFORM_QUEUE,
    mediaTransformPerClient: value.MEDIA_TRANSFORM_PER_CLIENT,
    mediaTransformQueueTimeoutMs: value.MEDIA_TRANSFORM_QUEUE_TIMEOUT * 1000,
    mediaTransformTimeoutSeconds: value.MEDIA_TRANSFORM_TIMEOUT,
    mediaTransformThreads: value.MEDIA_TRANSFORM_THREADS,
    mediaAvifMaxPixels: value.MEDIA_AVIF_MAX_PIXELS,
    uploadScratchMaxBytes: value.UPLOAD_SCRATCH_MAX_MB * 1024 * 1024,
    statisticsEnabled: value.STATISTICS_ENABLED,
    statisticsFlushMs: value.STATISTICS_FLUSH_SECONDS * 1000,
    scheduleCheckMs: value.SCHEDULE_CHECK_SECONDS * 1000,
    metricsPort: value.METRICS_PORT,
    metricsToken: value.METRICS_TOKEN,
    shutdownDrainMs: value.SHUTDOWN_DRAIN_SECONDS * 1000,
    idleCollectionMs: value.IDLE_COLLECTION_SECONDS * 1000,
    overloadWaitMs: value.OVERLOAD_WAIT_SECONDS * 1000,
    authRateLimitPerMinute: value.AUTH_RATE_LIMIT_PER_MINUTE,
    translateUrl: value.TRANSLATE_URL,
    translateApiKey: value.TRANSLATE_API_KEY,
    translateTimeoutMs: value.TRANSLATE_TIMEOUT * 1000,
    translateDailyCharacters: {
      total: value.TRANSLATE_DAILY_CHARACTERS,
      perAddress: value.TRANSLATE_DAILY_CHARACTERS_PER_ADDRESS,
    },
    geocoderUrl: value.GEOCODER_URL === 'off' ? undefined : value.GEOCODER_URL,
    geocoderTimeoutMs: value.GEOCODER_TIMEOUT * 1000,
  };
}

function s3Settings(value: z.infer<typeof configSchema>): S3Settings | undefined {
  const { MEDIA_S3_ENDPOINT: endpoint, MEDIA_S3_BUCKET: bucket } = value;
  const { MEDIA_S3_ACCESS_KEY_ID: accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey } = value;
  if (value.MEDIA_STORAGE !== 's3' || !endpoint || !bucket || !accessKeyId || !secretAccessKey)
    return undefined;
  const prefix = value.MEDIA_S3_PREFIX ?? '';
  return {
    endpoint: endpoint.replace(/\/+$/, ''),
    region: value.MEDIA_S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: value.MEDIA_S3_FORCE_PATH_STYLE,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}

/**
 * A test or a script builds its config from defaults plus a few overrides. No geocoder: a test never
 * reaches a service on the internet (the map block's tests start their own).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', GEOCODER_URL: 'off' }),
    ...overrides,
  };
}

function emptyToUndefined(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
}
