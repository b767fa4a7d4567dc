import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { preactJsx } from './build/preact';
import { precompress } from './build/precompress';
import { pureSchemas } from './build/pure-schemas';
import { ssrBundle } from './build/ssr-bundle';

/** The API answers on the same origin in production; in development Vite forwards to the embedded server. */
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  // The server's bundle before the twins: precompress leaves out its folder (nothing sends it to a browser).
  plugins: [preactJsx(), pureSchemas(), tailwindcss(), ssrBundle(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': backend,
      // Only the API's user routes: the page routes (/dashboard, …) stay with Vite.
      '/users': backend,
      '/payments': backend,
      '/payment': backend,
      '/health': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the server names a deep link's route chunks for the browser to preload (embedded/src/web-app.ts).
    manifest: true,
    rolldownOptions: {
      // A contracts schema built by one of these helpers (`text(…)`, `paging(…)`) that nothing on a page
      // uses is left out of that page's chunks: building a schema has no effect beyond the schema itself.
      // zod's own calls are marked in the contracts alone (build/pure-schemas.ts): this rule goes by
      // name, and Preact's minified build has functions called `z` (its diff, the hooks' after-paint
      // scheduler) whose calls it would delete.
      treeshake: { manualPureFunctions: ['text', 'longText', 'queryNumber', 'queryInteger', 'paging'] },
    },
  },
});
