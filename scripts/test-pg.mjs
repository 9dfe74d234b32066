// `npm run test:pg [-- vitest args]`: the unit and server test suite on PostgreSQL.
//
// Creates a fresh, uniquely named database on the server of TEST_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), runs `vitest run` with DATABASE_URL pointing at it
// (test/global-setup.ts then migrates a template from it and clones one database per test file),
// and drops it again, also when the tests fail or the run is interrupted.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = new URL(process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const name = `bouwsteen_test_${process.pid}_${randomBytes(3).toString('hex')}`;

async function query(sql) {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The server may still be starting (CI services): retry for up to 30 s. */
async function waitForServer() {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

let dropped = false;
async function drop() {
  if (dropped) return;
  dropped = true;
  try {
    await query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await query(`DROP DATABASE IF EXISTS "${name}_template" WITH (FORCE)`);
    console.log(`[test:pg] dropped database ${name}`);
  } catch (error) {
    console.error(`[test:pg] could not drop database ${name}: ${error.message}`);
  }
}

async function main() {
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
  if (!existsSync(vitest)) throw new Error('vitest is not installed: run `npm ci` first');
  await waitForServer();
  await query(`CREATE DATABASE "${name}"`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  console.log(`[test:pg] created database ${name} on ${serverUrl.host}`);

  const child = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl.toString() },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  const code = await new Promise((resolve) => {
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  await drop();
  process.exitCode = code;
}

main().catch(async (error) => {
  console.error(`[test:pg] ${error.stack ?? error}`);
  await drop();
  process.exitCode = 1;
});
