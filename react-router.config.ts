import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web',
  ssr: true,
} satisfies Config;
