import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { XSRF_COOKIE } from '../common/auth.ts';
import type { Database } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/domains/accounts/passwords.ts';

export const TEST_PASSWORD = 'lindeboom-2026';

/** Creates an account directly in the database (a factory: flags as given, password TEST_PASSWORD). */
export async function buildUser(
  db: Database,
  input: Partial<typeof users.$inferInsert> & { email: string },
): Promise<typeof users.$inferSelect> {
  const [user] = await db
    .insert(users)
    .values({ passwordHash: await hashPassword(TEST_PASSWORD), ...input })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

export async function setUser(db: Database, id: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** A signed-in browser: its cookies, and inject() that sends them with the XSRF header on unsafe methods. */
export type Browser = {
  cookie: string;
  xsrf: string;
  request(options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: unknown;
    withXsrf?: boolean;
  }): Promise<LightMyRequestResponse>;
};

export async function signInAs(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<Browser> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth:signIn',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  const xsrf = response.cookies.find((entry) => entry.name === XSRF_COOKIE)?.value ?? '';
  return {
    cookie,
    xsrf,
    request: ({ method, url, payload, withXsrf = true }) =>
      app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        headers: { cookie, ...(withXsrf && method !== 'GET' ? { 'x-xsrf-token': xsrf } : {}) },
      }),
  };
}
