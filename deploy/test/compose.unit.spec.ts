/**
 * The container deployment, checked by reading it (`npm run test:deploy` runs it on an engine):
 * docker-compose.yml through dclint and by what it must hold; deploy/Dockerfile through
 * dockerfile-utils' linter (hadolint is a Haskell binary, installable from neither npm nor Debian) and
 * by the properties the images need; the gateway's routing.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { root } from './topology';

const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string; args?: Record<string, string> };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  command?: string[];
  restart?: string;
  healthcheck?: { test: string[] };
}
const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const { services } = compose;
const NODE_SERVICES = {
  'command-api-1': 'command-api',
  'command-api-2': 'command-api',
  'read-api-1': 'read-api',
  'read-api-2': 'read-api',
  projector: 'projector',
};

describe('docker-compose.yml', () => {
  it('passes dclint', async () => {
    const linted = await promisify(execFile)(join(root, 'node_modules/.bin/dclint'), ['docker-compose.yml', '--max-warnings', '0'], { cwd: root }).catch(
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    expect('code' in linted ? linted.code : 0, linted.stdout + linted.stderr).toBe(0);
    // A Node process of its own: seconds when the machine is busy.
  }, 30_000);

  it('runs kurrentdb, postgres, redis, command-api ×2, read-api ×2, one projector and the gateway, each restarted and with a healthcheck', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['command-api-1', 'command-api-2', 'gateway', 'kurrentdb', 'postgres', 'projector', 'read-api-1', 'read-api-2', 'redis'].sort(),
    );
    for (const [name, service] of Object.entries(services)) {
      expect(service.restart, name).toBe('unless-stopped');
      // The built images carry their HEALTHCHECK (deploy/Dockerfile); the others declare one here.
      if (service.build) expect(service.build, name).toMatchObject({ context: '.', dockerfile: 'deploy/Dockerfile' });
      else expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    for (const [name, target] of Object.entries(NODE_SERVICES)) {
      expect(services[name]!.build!.target, name).toBe(target);
      // KurrentDB unless the environment says otherwise (test:deploy runs on EVENT_STORE=postgres).
      expect(services[name]!.environment, name).toMatchObject({ EVENT_STORE: '${EVENT_STORE:-kurrentdb}', REDIS_URL: 'redis://redis:6379', TRUST_PROXY: '1' });
      for (const store of ['kurrentdb', 'postgres', 'redis'])
        expect(services[name]!.depends_on?.[store]?.condition, `${name} on ${store}`).toBe('service_healthy');
    }
    expect(services.gateway!.build!.target).toBe('gateway');
    // The official images unless the environment names others (a machine without a registry: stand-ins).
    expect(services.postgres!.image).toBe('${POSTGRES_IMAGE:-postgres:18-bookworm}');
    expect(services.redis!.image).toBe('${REDIS_IMAGE:-redis:7.4-bookworm}');
    expect(services.kurrentdb!.image).toMatch(/^\$\{KURRENTDB_IMAGE:-docker\.kurrent\.io\//);
    for (const name of [...Object.keys(NODE_SERVICES), 'gateway'])
      expect(services[name]!.build, name).toMatchObject({
        args: { NODE_IMAGE: '${NODE_IMAGE:-node:20.19-bookworm-slim}', NGINX_IMAGE: '${NGINX_IMAGE:-nginxinc/nginx-unprivileged:1.27-alpine}' },
      });
    expect(Object.keys(services.gateway!.depends_on ?? {}).sort()).toEqual(['command-api-1', 'command-api-2', 'read-api-1', 'read-api-2']);
  });

  it('keeps data in named volumes, and Redis with the append-only file the job queue needs', () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(['kurrentdb-data', 'postgres-data', 'redis-data']);
    expect(services.postgres!.volumes).toEqual(['postgres-data:/var/lib/postgresql']);
    expect(services.kurrentdb!.volumes).toEqual(['kurrentdb-data:/var/lib/kurrentdb']);
    expect(services.redis!.volumes).toEqual(['redis-data:/data']);
    expect(services.redis!.command?.join(' ')).toMatch(/--appendonly yes --appendfsync (everysec|always)/);
  });

  it('holds no secret: passwords and keys come from the environment or .env', () => {
    for (const [name, service] of Object.entries(services))
      for (const [key, value] of Object.entries(service.environment ?? {}))
        if (/PASSWORD|SECRET|_KEY$|PRIVATE_JWK|SMTP_URL/.test(key)) expect(value, `${name} ${key}`).toMatch(/^\$\{[A-Z_]+(:[-?][^}]*)?\}$/);
    expect(composeText).toMatch(/POSTGRES_PASSWORD:\?/);
    expect(composeText).not.toMatch(/postgres:\/\/hostel:(?!\$\{)/);
    // Only the gateway is published; the services, PostgreSQL, Redis and KurrentDB stay on the compose network.
    expect(
      Object.entries(services)
        .filter(([, service]) => service.ports)
        .map(([name]) => name),
    ).toEqual(['gateway']);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('has nothing the Dockerfile linter reports (and the linter does report faults)', () => {
    expect(validate(dockerfile).map((problem) => `${problem.range.start.line + 1}: ${problem.message}`)).toEqual([]);
    expect(validate('FROM node:20\nEXPOSE abc\nCMD ["a"]\nCMD ["b"]\n').length).toBeGreaterThan(0);
  });

  it('builds in stages on base images given as build arguments, and each runtime image runs as a non-root user with a HEALTHCHECK on readiness', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+) AS (\S+)$/gm)].map((match) => ({ image: match[1]!, name: match[2]! }));
    expect(stages.map((stage) => stage.name)).toEqual([
      'manifests',
      'deps',
      'build',
      'prod-deps',
      'runtime',
      'command-api',
      'read-api',
      'projector',
      'gateway',
    ]);
    // Each base is an argument whose default is a pinned official image (no :latest).
    const bases = Object.fromEntries([...dockerfile.matchAll(/^ARG (\w+_IMAGE)=(\S+)$/gm)].map((match) => [match[1]!, match[2]!]));
    expect(bases).toEqual({ NODE_IMAGE: 'node:20.19-bookworm-slim', NGINX_IMAGE: 'nginxinc/nginx-unprivileged:1.27-alpine' });
    for (const stage of stages) expect(stage.image, stage.name).toMatch(/^\$\{(NODE|NGINX)_IMAGE\}$|^(manifests|deps|runtime)$/);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'), dockerfile.indexOf('AS command-api'));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/health\/ready/m);
    expect(runtime).toMatch(/node_modules/);
    for (const service of ['command-api', 'read-api', 'projector'])
      expect(dockerfile).toContain(`CMD ["node", "--enable-source-maps", "${service}/dist/main.js"]`);
    // The runtime takes the three services' production dependencies only, never the build stage's.
    expect(dockerfile).toMatch(/npm ci --omit=dev --prefer-offline --workspace command-api --workspace read-api --workspace projector/);
    // Every step can come from the layer cache under podman too (its builder never reuses a RUN with a
    // cache mount): the four targets then build the shared stages once.
    expect(dockerfile).not.toMatch(/--mount=type=cache/);
    // read-api renders the pages: it has the web build, with its server bundle.
    expect(dockerfile.slice(dockerfile.indexOf('AS read-api'), dockerfile.indexOf('AS projector'))).toMatch(/\/app\/web\/dist/);
    const gateway = dockerfile.slice(dockerfile.lastIndexOf('FROM', dockerfile.indexOf('AS gateway')));
    expect(gateway).toMatch(/HEALTHCHECK/);
  });
});

describe('the gateway (deploy/gateway.conf)', () => {
  const conf = read('deploy/gateway.conf');
  const proxy = read('deploy/proxy.conf');
  it('routes pages to read-api, reads to read-api and writes to command-api, socket.io to read-api (polling sticky), its files compressed and cached', () => {
    expect(conf).toMatch(/GET\s+read_api;/);
    expect(conf).toMatch(/default\s+command_api;/);
    expect(conf).toMatch(/upstream live_sticky \{\s*ip_hash;\s*server read-api-1:3000;\s*server read-api-2:3000;/);
    expect(conf).toMatch(/'websocket:' live_spread;\s*default\s+live_sticky;/);
    expect(conf).toMatch(/location \/socket\.io\/ \{\s*proxy_pass http:\/\/\$live_upstream;/);
    expect(proxy).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
    expect(conf).toMatch(/upstream command_api \{[^}]*command-api-1:3000[^}]*command-api-2:3000/);
    expect(conf).toMatch(/^\s*gzip on;/m);
    expect(conf).toMatch(/location \/assets\/ \{[^}]*immutable/);
    expect(conf).toMatch(/location @page \{ proxy_pass http:\/\/read_api;/);
  });

  it('logs requests without their query strings (download links and OAuth codes ride there)', () => {
    const format = /log_format without_query ([^;]*);/.exec(conf)?.[1];
    expect(format).toMatch(/\$uri/);
    expect(format).not.toMatch(/\$request\b|\$request_uri|\$args|\$query_string|\$http_referer/);
    expect(conf).toMatch(/^\s*access_log \S+ without_query;/m);
  });
});

describe('deploy/grafana-dashboard.json', () => {
  it('plots only metrics the services expose, and every family they expose', () => {
    const dashboard = JSON.parse(read('deploy/grafana-dashboard.json')) as { panels: { targets: { expr: string }[] }[] };
    const plotted = new Set(
      dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => [...target.expr.matchAll(/hostel_[a-z_]+/g)].map((match) => match[0]))),
    );
    const source = ['platform/src/metrics.ts', 'platform/src/infrastructure.ts', 'projector/src/main.ts', 'read-api/src/main.ts'].map(read).join('\n');
    const exposed = new Set([...source.matchAll(/'(hostel_[a-z_]+)'/g)].map((match) => match[1]!));
    const family = (name: string) => name.replace(/_(bucket|count|sum)$/, '');
    expect([...plotted].map(family).filter((name) => !exposed.has(name))).toEqual([]);
    expect([...exposed].filter((name) => ![...plotted].map(family).includes(name))).toEqual([]);
  });
});
