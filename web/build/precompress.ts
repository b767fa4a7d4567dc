import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { SSR_DIR } from './ssr-bundle';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What compresses: text. Pictures (webp, png) and fonts are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin beside each text file of the
 * build, when it is smaller: the server sends the one a client accepts as it lies (read-api/src/web-app.ts;
 * the gateway's gzip_static in the distributed deployment), so no request pays for compressing, and at the strongest settings, too slow to run per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hostel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is written, the public/ ones copied too.
    async closeBundle() {
      for (const file of await textFiles(outDir)) {
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipped(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      }
    },
  };
}

async function textFiles(directory: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    // The server's bundle (build/ssr-bundle.ts) is never sent to a browser.
    if (entry.isDirectory()) {
      if (entry.name !== SSR_DIR) found.push(...(await textFiles(path)));
    } else if (TEXT_FILE.test(entry.name) && (await stat(path)).size > 0) found.push(path);
  }
  return found;
}
