import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { generateApiTypes } from './openapi.ts';

it('the web app’s API types match the server’s routes (run `npm run api:generate` after changing a route)', async () => {
  const committed = await readFile(new URL('../web/api/schema.d.ts', import.meta.url), 'utf8');
  expect(committed).toBe(await generateApiTypes());
});
