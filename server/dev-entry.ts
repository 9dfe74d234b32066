import type { ViteDevServer } from 'vite';
import { buildApp } from './app.ts';
import { prepareData } from './boot.ts';
import { loadConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';

// `react-router dev` (see vite.config.ts) rebuilds the Fastify app on every change; the embedded
// database allows one connection per process, so it is opened once and kept across rebuilds.
const holder = globalThis as { bouwsteenDevData?: Promise<DatabaseHandle> };

export async function createServer(vite: ViteDevServer) {
  const config = loadConfig({ NODE_ENV: 'development', ...process.env });
  holder.bouwsteenDevData ??= prepareData(config);
  return buildApp({ config, database: await holder.bouwsteenDevData, web: { devServer: vite } });
}
