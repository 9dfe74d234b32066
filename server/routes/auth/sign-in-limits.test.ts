import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/accounts.ts';
import { solveProof } from '../../../test/form-proof.ts';
import { createTestApp, createTestDatabase, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtpServer } from '../../../test/smtp.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { passwordChecks } from '../../domains/accounts/passwords.ts';
import { SIGN_IN_LIMITS, signInAddress } from '../../domains/accounts/sign-in-limits.ts';

/**
 * Issue 34, the sign-in limits under attack: a concurrent burst reaches argon2 at most the limit's
 * number of times (on one app, and on three apps on one database), the owner keeps signing in from
 * their usual address, others sign in past the limit with a proof of work, and the owner is told by
 * mail once.
 */

type Smtp = Awaited<ReturnType<typeof startTestSmtpServer>>;
type App = TestApp['app'];

const WRONG = 'niet-mijn-wachtwoord-1';

const signIn = (
  app: App,
  remoteAddress: string,
  payload: { email: string; password: string; proof?: string },
  language = 'nl',
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth:signIn',
    remoteAddress,
    headers: { 'accept-language': language },
    payload,
  });

async function proofFor(app: App, remoteAddress: string, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth:signInChallenge',
    remoteAddress,
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return solveProof(response.json());
}

/** Fires `count` wrong passwords at once (from `addresses` in turn, over `apps` in turn); answers the statuses and argon2 runs. */
async function burst(apps: App[], email: string, count: number, addresses: (index: number) => string) {
  const before = passwordChecks.count;
  const responses = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      signIn(apps[index % apps.length]!, addresses(index), { email, password: WRONG }),
    ),
  );
  const statuses = responses.map((response) => response.statusCode);
  for (const response of responses.filter((answer) => answer.statusCode === 429)) {
    expectApiError(response, 429, 'rate_limited');
  }
  return {
    checked: passwordChecks.count - before,
    failed: statuses.filter((status) => status === 401).length,
    refused: statuses.filter((status) => status === 429).length,
  };
}

describe('sign-in limits under a concurrent attack', () => {
  let test: TestApp;
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    test = await createTestApp({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  it('checks at most the limit of a burst of 30, keeps the owner signing in at home, and mails the owner once', async () => {
    const owner = await buildUser(test.database.db, { email: 'lotte@example.nl', firstName: 'Lotte' });
    const home = '198.51.100.10';
    // The owner signed in from home before: that address is theirs from now on.
    expect((await signIn(test.app, home, { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );

    const attack = await burst([test.app], 'Lotte@example.nl', 30, () => '203.0.113.7');
    expect(attack.checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccount);
    expect(attack).toEqual({
      checked: SIGN_IN_LIMITS.perAccount,
      failed: SIGN_IN_LIMITS.perAccount,
      refused: 25,
    });

    // More attackers, other addresses: refused without a check, every one of them.
    const more = await burst([test.app], owner.email, 10, (index) => `203.0.113.${20 + index}`);
    expect(more).toEqual({ checked: 0, failed: 0, refused: 10 });

    // The owner at home: the right password works, the attack notwithstanding.
    const atHome = await signIn(test.app, home, { email: owner.email, password: TEST_PASSWORD });
    expect(atHome.statusCode).toBe(200);
    expect(atHome.json()).toMatchObject({ email: owner.email });

    // Told once, in their language, with where to choose a new password.
    const mail = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe('Mislukte inlogpogingen op je account bij Bouwsteen');
    expect(mail.text).toContain(`${SIGN_IN_LIMITS.perAccount} keer met een verkeerd wachtwoord`);
    expect(mail.text).toMatch(/\/forgot-password/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((message) => message.to.includes(owner.email))).toEqual([]);
  });

  it('lets the owner in from a new address with a proof of work, made for that account and address, once', async () => {
    const owner = await buildUser(test.database.db, { email: 'joris@example.nl', locale: 'en' });
    await burst([test.app], owner.email, 12, (index) => `192.0.2.${100 + index}`);
    const away = '192.0.2.200';
    const withoutProof = await signIn(test.app, away, { email: owner.email, password: TEST_PASSWORD }, 'en');
    expectApiError(withoutProof, 429, 'rate_limited', 'en');

    // A proof for another address, or another account, does not count here.
    const elsewhere = await proofFor(test.app, '192.0.2.201', owner.email);
    const otherAccount = await proofFor(test.app, away, 'lotte@example.nl');
    for (const proof of [elsewhere, otherAccount, Buffer.from('{"challenge":1}').toString('base64')]) {
      const before = passwordChecks.count;
      const refused = await signIn(
        test.app,
        away,
        { email: owner.email, password: TEST_PASSWORD, proof },
        'en',
      );
      expectApiError(refused, 400, 'proof_failed', 'en');
      expect(passwordChecks.count).toBe(before);
    }

    // A wrong password with a good proof is checked, and is just a wrong password; the proof counts once.
    const proof = await proofFor(test.app, away, owner.email);
    const wrong = await signIn(test.app, away, { email: owner.email, password: WRONG, proof });
    expectApiError(wrong, 401, 'invalid_credentials');
    const reused = await signIn(test.app, away, { email: owner.email, password: TEST_PASSWORD, proof });
    expectApiError(reused, 400, 'proof_failed');

    const fresh = await proofFor(test.app, away, owner.email);
    const signedIn = await signIn(test.app, away, {
      email: owner.email,
      password: TEST_PASSWORD,
      proof: fresh,
    });
    expect(signedIn.statusCode).toBe(200);
    // From now on this address is the owner's own: no proof needed there.
    expect((await signIn(test.app, away, { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    // The attack mail went to the owner in English.
    expect((await smtp.waitFor(owner.email)).subject).toBe(
      'Failed sign-in attempts on your account at Bouwsteen',
    );
  });

  it('limits one address trying many accounts, whether they exist or not', async () => {
    const attack = await Promise.all(
      Array.from({ length: 28 }, (_, index) =>
        signIn(test.app, '203.0.113.99', { email: `iemand-${index}@example.nl`, password: WRONG }),
      ),
    );
    const statuses = attack.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.perAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(28 - SIGN_IN_LIMITS.perAddress);
  });

  it('counts an IPv6 client by its /64', () => {
    expect(signInAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(signInAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(signInAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(signInAddress('192.0.2.1')).toBe('192.0.2.1');
  });
});

/** Three app nodes on one database: PostgreSQL through three pools (as three servers), PGlite shared. */
async function threeNodes(): Promise<{ handles: DatabaseHandle[]; close(): Promise<void> }> {
  const postgresUrl = inject('postgresUrl');
  if (!postgresUrl) {
    const database = await createTestDatabase();
    return { handles: [database, database, database], close: () => database.close() };
  }
  const name = `bouwsteen_signin_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handles = await Promise.all(
    [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), maxConnections: 5 })),
  );
  return {
    handles,
    async close() {
      await Promise.all(handles.map((handle) => handle.close()));
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

describe('sign-in limits across three app nodes on one database', () => {
  let nodes: Awaited<ReturnType<typeof threeNodes>>;
  let apps: TestApp[];
  beforeAll(async () => {
    nodes = await threeNodes();
    apps = await Promise.all(nodes.handles.map((database) => createTestApp({ database })));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await nodes.close();
  });

  it('checks at most the limit of a burst of 30 spread over the nodes, and the owner still signs in at home', async () => {
    const [first, second, third] = apps.map((node) => node.app) as [App, App, App];
    const owner = await buildUser(nodes.handles[0]!.db, { email: 'drie@example.nl' });
    expect(
      (await signIn(third, '198.51.100.30', { email: owner.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);

    const attack = await burst([first, second, third], owner.email, 30, (index) => `203.0.113.${index % 3}`);
    expect(attack).toEqual({
      checked: SIGN_IN_LIMITS.perAccount,
      failed: SIGN_IN_LIMITS.perAccount,
      refused: 25,
    });

    for (const node of [first, second, third]) {
      expect(
        (await signIn(node, '198.51.100.30', { email: owner.email, password: TEST_PASSWORD })).statusCode,
      ).toBe(200);
    }
  });
});
