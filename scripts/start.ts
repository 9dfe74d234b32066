/**
 * `npm start`: builds the web app only when its sources changed since the last build, then starts
 * the production server in this same process (Node's own type stripping, no tsx; issue 12).
 *
 * The build's inputs (below) are hashed; a successful build writes that hash into BUILD_DIR as
 * STAMP_FILE. When the stamp matches the sources and the build is complete, the build is reused.
 * Run alone with `--check` it only says whether a build is needed (exit code 0: reuse, 1: build).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { type Dirent, existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Everything `npm run build` reads: folders (walked) and single files, relative to the repository. */
export const BUILD_INPUTS = {
  folders: ['web', 'common', 'public'],
  files: [
    'package.json',
    'package-lock.json',
    'vite.config.ts',
    'react-router.config.ts',
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.web.json',
    'scripts/precompress.ts',
  ],
};

/** Written into BUILD_DIR after a successful build: the hash of the inputs it was built from. */
export const STAMP_FILE = '.build-inputs.sha256';

/** Where the build goes and the server reads it: BUILD_DIR (relative to the repository) or ./build. */
export function buildDirectory(): string {
  return path.resolve(REPO_ROOT, process.env.BUILD_DIR || 'build');
}

async function filesUnder(folder: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true, recursive: true });
  } catch {
    return []; // a folder that does not exist adds nothing
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

/** SHA-256 over the build's inputs: each file's path and contents, in a stable order. */
export async function hashBuildInputs(root = REPO_ROOT): Promise<string> {
  const files = [
    ...(await Promise.all(BUILD_INPUTS.folders.map((folder) => filesUnder(path.join(root, folder))))).flat(),
    ...BUILD_INPUTS.files.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ]
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  const contents = await Promise.all(files.map((file) => readFile(path.join(root, file))));
  files.forEach((file, index) => {
    const content = contents[index]!;
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  });
  return hash.digest('hex');
}

/** Why a build is needed, or null when the build in `buildDir` was made from exactly these inputs. */
export async function buildNeeded(buildDir: string, inputHash: string): Promise<string | null> {
  if (!existsSync(path.join(buildDir, 'server', 'index.js')) || !existsSync(path.join(buildDir, 'client'))) {
    return 'no build yet';
  }
  const stamp = await readFile(path.join(buildDir, STAMP_FILE), 'utf8').catch(() => null);
  if (stamp === null) return 'the build has no stamp';
  return stamp.trim() === inputHash ? null : 'the sources changed since the last build';
}

/** Builds (`npm run build`) when needed and says which it did in one line. */
export async function buildIfChanged(): Promise<{ built: boolean }> {
  const buildDir = buildDirectory();
  const started = performance.now();
  const inputHash = await hashBuildInputs();
  const reason = await buildNeeded(buildDir, inputHash);
  if (reason === null) {
    const ms = Math.round(performance.now() - started);
    console.log(
      `Build: reusing ${path.relative(REPO_ROOT, buildDir) || '.'} (sources unchanged, checked in ${ms} ms)`,
    );
    return { built: false };
  }
  console.log(`Build: building (${reason})`);
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed (${result.error?.message ?? `exit code ${result.status}`})`);
  }
  // Hashed before the build ran: a source edited during the build makes the next start rebuild.
  await writeFile(path.join(buildDir, STAMP_FILE), `${inputHash}\n`);
  console.log(`Build: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { built: true };
}

if (import.meta.main) {
  if (process.argv.includes('--check')) {
    const reason = await buildNeeded(buildDirectory(), await hashBuildInputs());
    console.log(reason === null ? 'Build: up to date' : `Build: needed (${reason})`);
    process.exit(reason === null ? 0 : 1);
  }
  try {
    await buildIfChanged();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // The server runs in this process: it gets the signals (Ctrl+C, SIGTERM) itself.
  process.env.NODE_ENV = 'production';
  await import('../server/main.ts');
}
