import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    reactRouter(),
    fastifyReactRouterDev({
      entry: './server/dev-entry.ts',
      externalizeServerEntryImports: ['#app-context'],
    }),
  ],
  ssr: { noExternal: [/^@mantine\//] },
});
