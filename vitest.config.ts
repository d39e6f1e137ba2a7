import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve(__dirname, 'app'),
      '@common': path.resolve(__dirname, 'common'),
      '@test': path.resolve(__dirname, 'test'),
    },
  },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'services/**/*.test.ts',
      'scripts/**/*.test.ts',
      'server/**/*.test.ts',
      'common/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['./test/setup.ts'],
    testTimeout: 20000,
    // Opening a fresh PGlite store takes seconds on a busy 2-core machine.
    hookTimeout: 60000,
  },
});
