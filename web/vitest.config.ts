import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** The `web` test project: React components in happy-dom, talking over `fetch` to the fake API of src/testing/api (msw). */
export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.unit.spec.tsx', 'src/**/*.unit.spec.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Room for the waits of setup-tests.ts when the machine is busy (vitest's 5 s ended them first).
    testTimeout: 30_000,
  },
});
