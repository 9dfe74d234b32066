import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testConfig } from './config.ts';

/** The ConfigError loadConfig throws for this environment. */
function configErrorFor(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has a default for everything, so an empty environment starts the embedded site', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      dataDir: path.resolve('./data'),
      buildDir: path.resolve('./build'),
      databaseUrl: undefined,
      publicUrl: undefined,
      adminEmail: 'admin@bouwsteen.local',
      adminPassword: undefined,
      seedDemo: true,
      logLevel: 'info',
    });
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '8080',
      DATA_DIR: '/var/lib/bouwsteen',
      DATABASE_URL: 'postgresql://bouwsteen:geheim@db.internal:5432/bouwsteen',
      PUBLIC_URL: 'https://www.delinde.example/',
      ADMIN_EMAIL: 'beheer@delinde.example',
      ADMIN_PASSWORD: 'een-lang-wachtwoord',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'production',
      host: '127.0.0.1',
      port: 8080,
      dataDir: '/var/lib/bouwsteen',
      databaseUrl: 'postgresql://bouwsteen:geheim@db.internal:5432/bouwsteen',
      publicUrl: 'https://www.delinde.example',
      adminEmail: 'beheer@delinde.example',
      adminPassword: 'een-lang-wachtwoord',
      seedDemo: false,
      logLevel: 'warn',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      adminPassword: undefined,
    });
  });

  it('accepts port 0 and 65535', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
  });

  it.each(['abc', '3000abc', '65536', '-1', '80.5', '1e3', '0x10', ' ', '3 000'])(
    'fails fast on PORT=%j, naming the variable',
    (port) => {
      const error = configErrorFor({ PORT: port });
      expect(error.message).toContain('Invalid configuration');
      expect(error.message).toContain('PORT: must be a whole number from 0 to 65535');
    },
  );

  it.each(['mysql://localhost/bouwsteen', 'localhost:5432', 'postgres:/localhost', 'http://db'])(
    'fails fast on DATABASE_URL=%j without repeating the value',
    (url) => {
      const error = configErrorFor({ DATABASE_URL: url });
      expect(error.message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(error.message).not.toContain(url);
    },
  );

  it('fails fast on an ADMIN_PASSWORD under 12 characters without printing it', () => {
    const error = configErrorFor({ ADMIN_PASSWORD: 'kort-123' });
    expect(error.message).toContain('ADMIN_PASSWORD: must be at least 12 characters');
    expect(error.message).not.toContain('kort-123');
  });

  it.each([
    ['ADMIN_EMAIL', 'geen-adres'],
    ['PUBLIC_URL', 'www.delinde.example'],
    ['PUBLIC_URL', 'javascript:alert(1)'],
    ['PUBLIC_URL', 'ftp://delinde.example'],
    ['SEED_DEMO', 'yes'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
  ])('fails fast on %s=%j', (name, value) => {
    expect(configErrorFor({ [name]: value }).message).toContain(`${name}:`);
  });

  it('bounds image transforms by default for a small machine (issue 9)', () => {
    expect(loadConfig({})).toMatchObject({
      mediaTransformConcurrency: 2,
      mediaTransformQueue: 32,
      mediaTransformPerClient: 8,
      mediaTransformQueueTimeoutMs: 15_000,
      mediaTransformTimeoutSeconds: 20,
      mediaTransformThreads: 1,
      mediaAvifMaxPixels: 1_000_000,
    });
  });

  it('reads the image transform limits, the waits in seconds', () => {
    const config = loadConfig({
      MEDIA_TRANSFORM_CONCURRENCY: '3',
      MEDIA_TRANSFORM_QUEUE: '0',
      MEDIA_TRANSFORM_PER_CLIENT: '4',
      MEDIA_TRANSFORM_QUEUE_TIMEOUT: '5',
      MEDIA_TRANSFORM_TIMEOUT: '60',
      MEDIA_TRANSFORM_THREADS: '2',
      MEDIA_AVIF_MAX_PIXELS: '0',
    });
    expect(config).toMatchObject({
      mediaTransformConcurrency: 3,
      mediaTransformQueue: 0,
      mediaTransformPerClient: 4,
      mediaTransformQueueTimeoutMs: 5000,
      mediaTransformTimeoutSeconds: 60,
      mediaTransformThreads: 2,
      mediaAvifMaxPixels: 0,
    });
  });

  it.each([
    ['MEDIA_TRANSFORM_CONCURRENCY', '0', 'must be a whole number from 1 to 64'],
    ['MEDIA_TRANSFORM_QUEUE', '-1', 'must be a whole number from 0 to 10000'],
    ['MEDIA_TRANSFORM_PER_CLIENT', '0', 'must be a whole number from 1 to 10000'],
    ['MEDIA_TRANSFORM_QUEUE_TIMEOUT', '0', 'must be a whole number from 1 to 600'],
    ['MEDIA_TRANSFORM_TIMEOUT', '2.5', 'must be a whole number from 1 to 3600'],
    ['MEDIA_TRANSFORM_THREADS', '65', 'must be a whole number from 1 to 64'],
    ['MEDIA_AVIF_MAX_PIXELS', '1e6', 'must be a whole number from 0 to 100000000'],
    ['STATISTICS_FLUSH_SECONDS', '0', 'must be a whole number from 1 to 3600'],
  ])('fails fast on %s=%j', (name, value, message) => {
    expect(configErrorFor({ [name]: value }).message).toContain(`${name}: ${message}`);
  });

  it('counts statistics by default, flushing every 5 s; STATISTICS_ENABLED=false turns them off (issue 10)', () => {
    expect(loadConfig({})).toMatchObject({ statisticsEnabled: true, statisticsFlushMs: 5000 });
    expect(loadConfig({ STATISTICS_ENABLED: 'false', STATISTICS_FLUSH_SECONDS: '1' })).toMatchObject({
      statisticsEnabled: false,
      statisticsFlushMs: 1000,
    });
    expect(configErrorFor({ STATISTICS_ENABLED: 'off' }).message).toContain('STATISTICS_ENABLED');
  });

  it("asks OpenStreetMap's geocoder by default, another at GEOCODER_URL, none with 'off' (issue 31)", () => {
    expect(loadConfig({})).toMatchObject({
      geocoderUrl: 'https://nominatim.openstreetmap.org/search',
      geocoderTimeoutMs: 5000,
    });
    const local = loadConfig({ GEOCODER_URL: 'http://127.0.0.1:8080/search', GEOCODER_TIMEOUT: '2' });
    expect(local).toMatchObject({ geocoderUrl: 'http://127.0.0.1:8080/search', geocoderTimeoutMs: 2000 });
    expect(loadConfig({ GEOCODER_URL: 'off' }).geocoderUrl).toBeUndefined();
    expect(testConfig().geocoderUrl).toBeUndefined();
    expect(configErrorFor({ GEOCODER_URL: 'file:///etc/passwd' }).message).toContain('GEOCODER_URL');
    expect(configErrorFor({ GEOCODER_TIMEOUT: '0' }).message).toContain('GEOCODER_TIMEOUT');
  });

  it('trusts no proxy by default, and exactly the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8,192.0.2.7' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.7',
    ]);
  });

  it.each(['true', '*', '0', '11', '10.0.0.0/33', 'fd00::/129', 'proxy.internal', '10.0.0.1,', '1.2.3'])(
    'refuses TRUST_PROXY=%j',
    (value) => {
      expect(configErrorFor({ TRUST_PROXY: value }).message).toContain('TRUST_PROXY: must be');
    },
  );

  it('keeps media on disk by default, with no S3 settings', () => {
    expect(loadConfig({})).toMatchObject({ mediaStorage: 'fs', mediaS3: undefined });
  });

  it('reads the S3 settings with MEDIA_STORAGE=s3, with path style and us-east-1 by default', () => {
    const config = loadConfig({
      MEDIA_STORAGE: 's3',
      MEDIA_S3_ENDPOINT: 'http://minio:9000/',
      MEDIA_S3_BUCKET: 'bouwsteen-media',
      MEDIA_S3_ACCESS_KEY_ID: 'bouwsteen',
      MEDIA_S3_SECRET_ACCESS_KEY: 'een-lang-geheim',
      MEDIA_S3_PREFIX: 'delinde',
    });
    expect(config.mediaStorage).toBe('s3');
    expect(config.mediaS3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'bouwsteen-media',
      accessKeyId: 'bouwsteen',
      secretAccessKey: 'een-lang-geheim',
      forcePathStyle: true,
      prefix: 'delinde/',
    });
    expect(
      loadConfig({
        MEDIA_STORAGE: 's3',
        MEDIA_S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
        MEDIA_S3_REGION: 'eu-central-1',
        MEDIA_S3_BUCKET: 'bouwsteen-media',
        MEDIA_S3_ACCESS_KEY_ID: 'AKIA0000',
        MEDIA_S3_SECRET_ACCESS_KEY: 'geheim',
        MEDIA_S3_FORCE_PATH_STYLE: 'false',
      }).mediaS3,
    ).toMatchObject({ region: 'eu-central-1', forcePathStyle: false, prefix: '' });
  });

  it('fails fast with MEDIA_STORAGE=s3 when the endpoint, bucket or keys are missing', () => {
    const error = configErrorFor({ MEDIA_STORAGE: 's3', MEDIA_S3_SECRET_ACCESS_KEY: 'geheim-dat-blijft' });
    expect(error.message).toContain('MEDIA_S3_ENDPOINT: is required when MEDIA_STORAGE=s3');
    expect(error.message).toContain('MEDIA_S3_BUCKET: is required when MEDIA_STORAGE=s3');
    expect(error.message).toContain('MEDIA_S3_ACCESS_KEY_ID: is required when MEDIA_STORAGE=s3');
    expect(error.message).not.toContain('MEDIA_S3_SECRET_ACCESS_KEY');
    expect(error.message).not.toContain('geheim-dat-blijft');
  });

  it.each([
    ['MEDIA_STORAGE', 'minio'],
    ['MEDIA_S3_ENDPOINT', 'minio:9000'],
    ['MEDIA_S3_BUCKET', 'Bouwsteen_Media'],
    ['MEDIA_S3_FORCE_PATH_STYLE', 'yes'],
    ['MEDIA_S3_PREFIX', '/absoluut'],
    ['MEDIA_S3_PREFIX', 'a//b'],
  ])('fails fast on %s=%j', (name, value) => {
    expect(configErrorFor({ [name]: value }).message).toContain(`${name}:`);
  });

  it('lists every invalid setting at once', () => {
    const error = configErrorFor({ PORT: 'x', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'kort' });
    const lines = error.message.split('\n').slice(1);
    expect(lines.map((line) => line.trim().split(':')[0]).sort()).toEqual([
      'ADMIN_PASSWORD',
      'DATABASE_URL',
      'PORT',
    ]);
  });

  it('is a ConfigError, which main.ts prints before exiting', () => {
    expect(() => loadConfig({ PORT: 'x' })).toThrow(ConfigError);
  });
});

describe('testConfig', () => {
  it('is quiet, does not seed and takes overrides', () => {
    expect(testConfig()).toMatchObject({ env: 'test', logLevel: 'silent', seedDemo: false });
    expect(testConfig({ port: 1234 }).port).toBe(1234);
  });
});
