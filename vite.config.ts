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
  build: {
    rollupOptions: {
      output: {
        // A chunk made only of shared rules (common/) says so in its name, so it is never taken for
        // the admin or account screen of the same name (common/settings.ts vs routes/admin/settings.tsx).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/common/'))
            ? 'assets/common-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
