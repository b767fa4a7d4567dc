/**
 * `npm run build` (after the web app): each service to plain JavaScript in `<service>/dist/`, one
 * ES module bundle with source maps. The workspace packages (@hostel/*) export TypeScript source,
 * which tsx and vitest run as it is; a build bundles them into each service, so nothing at run
 * time needs tsx or a TypeScript file. Every other package stays an import of node_modules (native
 * code such as sharp and argon2, the KurrentDB client, pino…), installed with `npm ci --omit=dev`.
 *
 * Files are written whole (a temporary file renamed over the old one), so two builds at once, say
 * two test files that build before starting the services, never leave a half-written bundle.
 *
 * Run: `node --import tsx deploy/build-services.ts [service…]` (default: all three).
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

export const SERVICES = ['command-api', 'read-api', 'projector'] as const;
export type Service = (typeof SERVICES)[number];

const root = fileURLToPath(new URL('..', import.meta.url));

/** Entry points of each service: `main` is the service, the others its command-line tools. */
const ENTRIES: Record<Service, string[]> = {
  'command-api': ['main', 'admin'],
  'read-api': ['main'],
  projector: ['main', 'rebuild'],
};

/** Bundles our own packages (and OpenTelemetry), leaves every other bare import to node_modules. */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(builder) {
    // OpenTelemetry is bundled too: platform needs its own release line (Node 20's), which npm nests
    // under platform/node_modules where a service's bundle would not find it at run time.
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hostel/') || args.path.startsWith('@opentelemetry/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServices(services: readonly Service[] = SERVICES): Promise<void> {
  await Promise.all(
    services.map(async (service) => {
      const outdir = resolve(root, service, 'dist');
      const result = await build({
        entryPoints: ENTRIES[service].map((entry) => ({ in: resolve(root, service, 'src', `${entry}.ts`), out: entry })),
        outdir,
        bundle: true,
        // Lazily loaded code (the KurrentDB adapter, tracing) stays in chunks of its own, loaded when chosen.
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node20.19',
        sourcemap: true,
        // Source paths in the maps and stack traces relative to the repository.
        sourceRoot: relative(outdir, root),
        plugins: [externalDependencies],
        write: false,
        logLevel: 'warning',
        legalComments: 'none',
        // Bundled CommonJS (OpenTelemetry) requires Node's built-ins: an ES module has no `require` of its own.
        banner: {
          js: "// Built by deploy/build-services.ts from the TypeScript sources: do not edit.\nimport { createRequire as __hostelCreateRequire } from 'node:module';\nconst require = __hostelCreateRequire(import.meta.url);",
        },
      });
      await mkdir(outdir, { recursive: true });
      await Promise.all(
        result.outputFiles.map(async (file) => {
          await mkdir(dirname(file.path), { recursive: true });
          const temporary = `${file.path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
          await writeFile(temporary, file.contents);
          await rename(temporary, file.path);
        }),
      );
      // Chunks of an earlier build go (another build's temporary files are left to it).
      const written = new Set(result.outputFiles.map((file) => file.path));
      for (const name of await readdir(outdir)) {
        const path = resolve(outdir, name);
        if (!written.has(path) && !name.endsWith('.tmp')) await rm(path, { force: true, recursive: true });
      }
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(SERVICES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown service ${unknown.join(', ')}; one of ${SERVICES.join(', ')}`);
    process.exit(2);
  }
  const started = performance.now();
  await buildServices(asked.length > 0 ? (asked as Service[]) : SERVICES);
  console.log(`Built ${(asked.length > 0 ? asked : SERVICES).join(', ')} in ${Math.round(performance.now() - started)} ms`);
}
