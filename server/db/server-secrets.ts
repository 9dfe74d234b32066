import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { serverSecrets } from './schema.ts';

/** Names of the secrets the server keeps in `server_secrets`. */
export type ServerSecretName = 'formChallenge' | 'previewLink' | 'signIn';

const known = new WeakMap<object, Map<ServerSecretName, Promise<string>>>();

/**
 * A secret every node shares: the first node that needs it stores 32 random bytes, every later
 * read (on any node) gets that value. Kept per database handle in memory after the first read;
 * `db` is the database itself, never a transaction (a rolled-back insert must not be remembered).
 */
export function serverSecret(db: Database, name: ServerSecretName): Promise<string> {
  let secrets = known.get(db);
  if (!secrets) {
    secrets = new Map();
    known.set(db, secrets);
  }
  let secret = secrets.get(name);
  if (!secret) {
    secret = readOrCreate(db, name);
    // A failed read is not remembered: the next call tries again.
    secret.catch(() => secrets?.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}

async function readOrCreate(db: Database, name: ServerSecretName): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} missing after insert`);
  return row.value;
}
