import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web',
  ssr: true,
  // BUILD_DIR lets a test run build beside a developer's build (the server reads the same variable).
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
