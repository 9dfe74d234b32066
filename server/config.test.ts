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
