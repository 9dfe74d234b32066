import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../common/errors.ts';
import { createTestDatabase, expectApiError } from '../test/helpers.ts';
import type { DatabaseHandle } from './db/client.ts';
import { platformSettings } from './db/schema.ts';
import { AppError, errorBody, errorMessage, notFound, registerErrorHandling } from './errors.ts';

/** A bare app with only the error handler, and routes that fail in every way a route can. */
async function appWithFailingRoutes(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('locale', 'nl');
  app.addHook('onRequest', async (request) => {
    request.locale = (request.query as { lang?: string }).lang === 'en' ? 'en' : 'nl';
  });
  registerErrorHandling(app);
  app.get('/conflict', async () => {
    throw new AppError('conflict', 'name already used', [{ path: 'name', message: 'validation.duplicate' }]);
  });
  app.get('/unavailable', async () => {
    throw new AppError('service_unavailable', 'database down at 10.0.0.5');
  });
  app.get('/crash', async () => {
    throw new Error('password authentication failed for user "bouwsteen"');
  });
  app.get('/teapot', async () => {
    throw Object.assign(new Error('plugin said no'), { statusCode: 418 });
  });
  app.get(
    '/leaky',
    { schema: { response: { 200: z.object({ name: z.string() }) } } },
    async () => ({ name: 42 }) as unknown as { name: string },
  );
  app.get(
    '/query',
    { schema: { querystring: z.object({ count: z.coerce.number().int().max(10) }) } },
    async () => ({}),
  );
  await app.ready();
  return app;
}

describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithFailingRoutes();
  });
  afterAll(async () => {
    await app.close();
  });
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('answers an AppError with its status, code, message and details', async () => {
    const body = expectApiError(await get('/conflict?lang=en'), 409, 'conflict', 'en');
    expect(body.error.details).toEqual([{ path: 'name', message: 'This value is there already.' }]);
  });

  it('hides the internal message of a 5xx AppError', async () => {
    const response = await get('/unavailable');
    expectApiError(response, 503, 'service_unavailable');
    expect(response.body).not.toContain('10.0.0.5');
  });

  it('answers an unexpected error with 500 internal_error and no internals', async () => {
    const response = await get('/crash');
    expectApiError(response, 500, 'internal_error');
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('stack');
  });

  it('answers a response that does not fit its schema with 500, never the data', async () => {
    const response = await get('/leaky');
    expectApiError(response, 500, 'internal_error');
    expect(response.body).not.toContain('42');
  });

  it('maps other client errors from plugins to bad_request', async () => {
    expectApiError(await get('/teapot'), 418, 'bad_request');
  });

  it('answers invalid input with validation_failed and the failing field', async () => {
    const body = expectApiError(await get('/query?count=11'), 400, 'validation_failed');
    expect(body.error.details?.map((detail) => detail.path)).toEqual(['querystring/count']);
  });
});

describe('the error handler with a real database', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = Fastify({ logger: false });
    app.decorateRequest('locale', 'nl');
    registerErrorHandling(app);
    app.get('/nul', async () => database.db.execute(sql`SELECT ${'a\u0000b'}::text AS value`));
    app.get('/not-a-number', async () => database.db.execute(sql`SELECT ${'twaalf'}::int AS value`));
    app.get('/duplicate', async () => {
      await database.db.insert(platformSettings).values({ key: 'dubbel', value: '1' });
      await database.db.insert(platformSettings).values({ key: 'dubbel', value: '2' });
      return {};
    });
    app.get('/broken-sql', async () => database.db.execute(sql`SELECT * FROM table_that_does_not_exist`));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('answers 400 when the database refuses a value (a NUL byte), not 500', async () => {
    expectApiError(await get('/nul'), 400, 'bad_request');
  });

  it('answers 400 when the database cannot read a value as its type', async () => {
    expectApiError(await get('/not-a-number'), 400, 'bad_request');
  });

  it('answers 409 conflict to a duplicate key', async () => {
    expectApiError(await get('/duplicate'), 409, 'conflict');
  });

  it('still answers 500 to a query that is our own mistake, without the SQL', async () => {
    const response = await get('/broken-sql');
    expectApiError(response, 500, 'internal_error');
    expect(response.body).not.toContain('table_that_does_not_exist');
  });
});

describe('error vocabulary', () => {
  it('has a Dutch and an English message for every code', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessage(code, 'nl'), code).toBeTruthy();
      expect(errorMessage(code, 'en'), code).toBeTruthy();
    }
  });

  it('gives every code an HTTP status from 400 to 599', () => {
    for (const code of ERROR_CODES) {
      const { status } = new AppError(code);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it('builds the body without details when there are none', () => {
    expect(errorBody('not_found', 'en')).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    expect(notFound('page')).toMatchObject({ code: 'not_found', status: 404, message: 'page not found' });
  });
});
