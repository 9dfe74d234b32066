import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/accounts.ts';
import { bearerFor, createTestApp, type TestApp } from '../test/helpers.ts';
import {
  buildRequest,
  createRandom,
  type FuzzRequest,
  Generator,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from '../test/openapi-fuzz.ts';
import { queryRows } from './db/client.ts';
import { seedDemoSite } from './seed/demo.ts';

/**
 * Every operation of the OpenAPI document, called with generated valid and invalid input, as a
 * visitor, a signed-in member and an admin: no answer may be a 5xx, and every status must be one the document
 * lists for that operation. The run is seeded (FUZZ_SEED to repeat one); a failure names the seed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const VALID_CASES = 3;
const INVALID_CASES = 8;

/** Operations that end the caller's own access run last, so the rest of the run stays signed in. */
const LAST = ['DELETE /api/profiles:loggedIn', 'POST /api/auth:changePassword', 'POST /api/auth:signOut'];

let test: TestApp;
let dataDir: string;
let document: OpenApiDocument;
let adminHeaders: Record<string, string>;
let memberHeaders: Record<string, string>;
let guids: string[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-fuzz-'));
  test = await createTestApp({ config: { dataDir } });
  const { db } = test.database;
  await seedDemoSite({ db });
  const admin = await buildUser(db, { email: 'fuzz-admin@example.org', isAdmin: true, isMett: true });
  adminHeaders = await bearerFor(db, admin.id);
  const member = await buildUser(db, { email: 'fuzz-lid@example.org' });
  memberHeaders = await bearerFor(db, member.id);
  // Real records, so that valid requests get past "not found" to the code behind it.
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text FROM pages UNION ALL SELECT id::text FROM building_block_instances
        UNION ALL SELECT id::text FROM list_items UNION ALL SELECT id::text FROM users
        UNION ALL SELECT id::text FROM roles UNION ALL SELECT id::text FROM header_images
        UNION ALL SELECT id::text FROM menus`,
  );
  guids = rows.map((row) => row.id).filter((id) => id !== admin.id && id !== member.id);
  document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
});

afterAll(async () => {
  await test?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Finding = { request: string; caller: string; status: number; body: string };

async function send(request: FuzzRequest, headers: Record<string, string>, index: number) {
  return test.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...headers },
    // Each request from its own address, so one operation's rate limit does not hide another's answers.
    remoteAddress: `198.51.${(index >> 8) & 255}.${index & 255}`,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

describe('the API under generated input', () => {
  it('never answers 5xx, and answers only statuses the OpenAPI document lists', async () => {
    const random = createRandom(SEED);
    const strings = ['nieuws', 'home', 'over-ons', 'Top level menu', 'platformName', 'evenement', 'nl', 'en'];
    const generator = new Generator(random, document, { guids, strings });
    const key = (operation: Operation) => `${operation.method} ${operation.path}`;
    const operations = operationsOf(document).sort(
      (a, b) => Number(LAST.includes(key(a))) - Number(LAST.includes(key(b))),
    );
    expect(operations.length).toBeGreaterThan(40);

    const findings: Finding[] = [];
    const statuses = new Map<string, number>();
    let sent = 0;
    for (const operation of operations) {
      for (const [caller, headers] of [
        ['visitor', {}],
        ['member', memberHeaders],
        ['admin', adminHeaders],
      ] as const) {
        const modes = [
          ...Array<'valid'>(VALID_CASES).fill('valid'),
          ...Array<'invalid'>(INVALID_CASES).fill('invalid'),
        ];
        for (const mode of modes) {
          const request = buildRequest(generator, random, operation, mode);
          const response = await send(request, headers, sent);
          sent += 1;
          const status = String(response.statusCode);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (response.statusCode >= 500 || !operation.statuses.has(status)) {
            findings.push({
              request: request.description,
              caller,
              status: response.statusCode,
              body: response.body.slice(0, 300),
            });
          }
        }
      }
    }
    const spread = [...statuses].sort().map(([status, count]) => `${status}×${count}`);
    console.log(
      `[fuzz] seed ${SEED}: ${sent} requests over ${operations.length} operations: ${spread.join(' ')}`,
    );
    // Valid input must get through: a fuzzer that only ever hears 4xx tests the schemas, not the code.
    expect(statuses.get('200') ?? 0).toBeGreaterThan(sent / 10);
    const report = findings
      .slice(0, 30)
      .map((finding) => `${finding.status} ${finding.caller}: ${finding.request}\n    → ${finding.body}`)
      .join('\n');
    expect(findings, `FUZZ_SEED=${SEED}, ${findings.length} findings:\n${report}`).toEqual([]);
  }, 120_000);
});
