#!/usr/bin/env bash
# Makes the upgrade test's fixtures (issue 28) with a previous release of Bouwsteen: a PGlite data
# directory and a PostgreSQL dump, each made by that release's own code (first start: migrations,
# the first admin, the demo site, and an editor account), and a manifest of what a newer release
# must still serve from them (pages, accounts). Run it when a release is cut, with that release's
# commit; server/upgrade.test.ts then starts the current code on the fixtures.
#
#   bash scripts/make-upgrade-fixtures.sh [COMMIT]     (default: HEAD)
#
# Needs PostgreSQL (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) and
# pg_dump. Writes test/upgrade/{pglite-data.tar.xz,postgres.dump,manifest.json}.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$(pwd)
commit=$(git rev-parse --verify "${1:-HEAD}^{commit}")
postgres_url=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
out=$repo/test/upgrade
work=$(mktemp -d /tmp/bouwsteen-upgrade-fixtures.XXXXXX)
tree=$work/tree
database="bouwsteen_upgrade_fixture_$$"
cleanup() {
  git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || true
  psql "$postgres_url" -qc "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "upgrade fixtures from $(git log -1 --format='%h %s' "$commit" | cut -c1-100)"
git worktree add --detach "$tree" "$commit" >/dev/null
# That release's dependencies: this checkout's when the lockfiles agree, else its own npm ci.
if git diff --quiet "$commit" -- package-lock.json && [[ -d node_modules ]]; then
  ln -s "$repo/node_modules" "$tree/node_modules"
else
  (cd "$tree" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi

# The first start of that release, by its own code (no web build needed: the data is what matters).
cat >"$tree/make-fixture.ts" <<'TS'
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from './server/config.ts';
import { prepareData } from './server/boot.ts';
import { pages, users } from './server/db/schema.ts';
import { hashPassword } from './server/domains/accounts/passwords.ts';

const config = loadConfig(process.env);
const database = await prepareData(config);
const { db } = database;
await db.insert(users).values({
  email: 'redacteur@upgrade.example',
  firstName: 'Redacteur',
  lastName: 'Upgrade',
  isContentManager: true,
  passwordHash: await hashPassword(process.env.EDITOR_PASSWORD ?? ''),
});
const pageRows = await db
  .select({ guid: pages.id, name: pages.name, title: pages.title })
  .from(pages)
  .where(and(eq(pages.isPublished, true), eq(pages.kind, 'page')));
const userRows = await db.select({ email: users.email }).from(users);
const applied = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
const rows = 'rows' in applied ? applied.rows : applied;
console.log(
  JSON.stringify({
    pages: pageRows.sort((a, b) => a.name.localeCompare(b.name)),
    users: userRows.map((row) => row.email).sort(),
    migrations: (rows as { n: number }[])[0]?.n,
  }),
);
await database.close();
TS
admin_password=upgrade-admin-password-0000
editor_password=upgrade-editor-password-0000
run_release() {
  (cd "$tree" && env -u DATABASE_URL NODE_ENV=production LOG_LEVEL=warn SEED_DEMO=true \
    ADMIN_EMAIL=admin@upgrade.example ADMIN_PASSWORD=$admin_password EDITOR_PASSWORD=$editor_password \
    "$@" "$repo/node_modules/node/bin/node" make-fixture.ts) | tail -n 1
}

mkdir -p "$out"
data=$work/data
pglite_facts=$(run_release DATA_DIR="$data")
XZ_OPT=-9 tar -C "$data" -cJf "$out/pglite-data.tar.xz" .

psql "$postgres_url" -qc "CREATE DATABASE \"$database\""
database_url="${postgres_url%/*}/$database"
postgres_facts=$(run_release DATA_DIR="$work/pg-cache" DATABASE_URL="$database_url")
pg_dump --format=custom --compress=9 --no-owner --no-privileges "$database_url" >"$out/postgres.dump"

node_bin=$repo/node_modules/node/bin/node
"$node_bin" -e '
const [commit, subject, pglite, postgres, adminPassword, editorPassword] = process.argv.slice(1);
const manifest = {
  about: "Made by scripts/make-upgrade-fixtures.sh with the release below; read by server/upgrade.test.ts.",
  commit, subject, madeAt: new Date().toISOString(),
  accounts: [
    { email: "admin@upgrade.example", password: adminPassword, isAdmin: true },
    { email: "redacteur@upgrade.example", password: editorPassword, isAdmin: false },
  ],
  pglite: JSON.parse(pglite),
  postgres: JSON.parse(postgres),
};
process.stdout.write(JSON.stringify(manifest, null, 2) + "\n");
' "$commit" "$(git log -1 --format=%s "$commit" | cut -c1-120)" "$pglite_facts" "$postgres_facts" \
  "$admin_password" "$editor_password" >"$out/manifest.json"
ls -l "$out"
