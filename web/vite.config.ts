import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { ssrBundle } from './build/ssr-bundle';

/**
 * The API answers on the same origin in production; in development Vite forwards to the embedded
 * server (`npm start`, port 3000; DEV_BACKEND names another, e.g. http://127.0.0.1:3010 for `PORT=3010 npm start`).
 */
const backend = process.env.DEV_BACKEND ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // The server's bundle before the twins: precompress leaves out its folder (nothing sends it to a browser).
  plugins: [react(), tailwindcss(), ssrBundle(), precompress()],
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
    // .vite/manifest.json: the server names a deep link's route chunks for the browser to preload (read-api/src/web-app.ts).
    manifest: true,
    rolldownOptions: {
      // A contracts schema (`z.object(…)` at a module's top level) that nothing on a page uses is left
      // out of that page's chunks: building a schema has no effect beyond the schema itself.
      treeshake: { manualPureFunctions: ['z', 'text', 'longText', 'queryNumber', 'queryInteger', 'paging'] },
    },
  },
});
