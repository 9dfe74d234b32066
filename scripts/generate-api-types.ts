import { writeFile } from 'node:fs/promises';
import { generateApiTypes } from './openapi.ts';

const target = new URL('../web/api/schema.d.ts', import.meta.url);
await writeFile(target, await generateApiTypes());
console.log(`wrote ${target.pathname}`);
