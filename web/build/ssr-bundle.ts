import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** Where the server's bundle goes, inside the client build (the embedded server never serves this folder as files). */
export const SSR_DIR = '.ssr';

/**
 * After the client build, builds `src/entry-server.tsx` for Node into `<outDir>/.ssr/`: the public
 * pages (home, all meals, a meal) rendered on the server and hydrated in the browser
 * (read-api/src/web-app.ts loads it). Self-contained (every package bundled in), so a build written
 * anywhere (the bench's temporary folder) runs without a node_modules beside it. It reads the client
 * build's manifest, so its lazy routes and the browser's are the same modules.
 */
export function ssrBundle(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hostel:ssr-bundle',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: config.resolve.alias },
        // React's production build on the server too, whatever NODE_ENV the process runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify(config.mode === 'production' ? 'production' : 'development') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: resolve(config.root, 'src/entry-server.tsx'),
          outDir: resolve(config.root, config.build.outDir, SSR_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          // One file: the server imports it under a query naming the build (`?v=`), and a chunk importing
          // the entry back by its bare name would load a second copy, with contexts of its own.
          rolldownOptions: { output: { entryFileNames: 'entry-server.js', format: 'es', codeSplitting: false } },
        },
      });
    },
  };
}
