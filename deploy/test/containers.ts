/**
 * The distributed deployment on a container engine, for `npm run test:deploy` and `npm run bench:campus`:
 * finds the engine (Docker, or podman with Docker's API), builds every image the compose file names
 * (on local stand-ins for the official ones where no registry can be reached), starts the compose
 * file's services in their dependency order, and tears it all down.
 */
import { execFile, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { root, until } from './topology';

export interface Engine {
  /** Runs and inspects containers: `docker` (through DOCKER_HOST) where it is, else `podman`. */
  cli: string;
  /** Builds images. Podman's default (OCI) image format drops HEALTHCHECK: it builds with `--format docker`. */
  build: string[];
  /** docker-compose (v1), `docker compose` or podman-compose. */
  compose: string[];
  /** The environment every command gets: DOCKER_HOST for the API. */
  env: NodeJS.ProcessEnv;
  /** The engine is podman (its own CLI builds; the stand-in base image may be there). */
  podman: boolean;
}

const onPath = (command: string) => (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, command)));

/** podman's Docker-compatible API, where `podman system service` listens as root. */
export const PODMAN_SOCKET = '/run/podman/podman.sock';

/** Whether Docker's API answers at `dockerHost` (a unix socket left by an engine that has stopped does not). */
export function engineAnswers(dockerHost: string): Promise<boolean> {
  const url = new URL(dockerHost);
  const target = url.protocol === 'unix:' ? { socketPath: url.pathname } : { host: url.hostname, port: Number(url.port || 2375) };
  return new Promise((resolve) => {
    const request = httpRequest({ ...target, path: '/_ping', timeout: 3000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
    request.end();
  });
}

/**
 * The engine of this machine, or undefined with none: Docker's API at DOCKER_HOST, podman's socket or
 * Docker's, answering, and a CLI and a compose to drive it.
 */
export async function findEngine(): Promise<Engine | undefined> {
  const env = { ...process.env };
  env.DOCKER_HOST ??= existsSync(PODMAN_SOCKET) ? `unix://${PODMAN_SOCKET}` : existsSync('/var/run/docker.sock') ? 'unix:///var/run/docker.sock' : undefined;
  if (!env.DOCKER_HOST || !(await engineAnswers(env.DOCKER_HOST))) return undefined;
  const podman = onPath('podman') && (env.DOCKER_HOST.includes('podman') || !onPath('docker'));
  const cli = onPath('docker') ? 'docker' : 'podman';
  const compose = onPath('docker-compose') ? ['docker-compose'] : onPath('podman-compose') && podman ? ['podman-compose'] : ['docker', 'compose'];
  return { cli, build: podman ? ['podman', 'build', '--format', 'docker'] : ['docker', 'build'], compose, env, podman };
}

/** Runs a command to its end: its standard output, or an error with its standard error. */
export function run(
  command: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; input?: string } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command[0]!,
      command.slice(1),
      { env: options.env ?? process.env, cwd: options.cwd ?? root, maxBuffer: 256 * 1024 * 1024, timeout: options.timeoutMs ?? 120_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${command.join(' ')}: ${error.message}\n${stderr.slice(-4000)}`, { cause: error })) : resolve({ stdout, stderr }),
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/** A long command whose output goes to `log` (a build): rejects with the output's tail when it fails. */
function runLogged(command: string[], env: NodeJS.ProcessEnv, log: (line: string) => void, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-8000);
      for (const line of text.split('\n')) if (line.trim()) log(line);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command.join(' ')} failed (${code ?? signal}):\n${tail}`));
    });
  });
}

/** The local base the stand-ins build on, made from Debian's packages (no registry needed). */
export const STAND_IN_BASE = 'localhost/debian:bookworm';

/** The stand-ins for the official images, and the compose variable each takes the place of. */
export const STAND_INS = {
  NODE_IMAGE: { image: 'localhost/hostel-test-node', dir: 'node' },
  NGINX_IMAGE: { image: 'localhost/hostel-test-nginx', dir: 'nginx' },
  POSTGRES_IMAGE: { image: 'localhost/hostel-test-postgres', dir: 'postgres' },
  REDIS_IMAGE: { image: 'localhost/hostel-test-redis', dir: 'redis' },
} as const;

/** Whether this machine builds on the stand-ins: it has their local base and no registry (DEPLOY_IMAGES=official says it has one). */
export async function usesStandIns(engine: Engine): Promise<boolean> {
  if (process.env.DEPLOY_IMAGES === 'official') return false;
  return (await run([engine.cli, 'image', 'inspect', STAND_IN_BASE], { env: engine.env }).then(
    () => true,
    () => false,
  )) as boolean;
}

/**
 * Builds the stand-ins (deploy/test/images/) and answers the compose variables that name them. The node
 * one gets this machine's own Node.js and npm in its build context (bookworm's packages carry Node 18).
 */
export async function buildStandIns(
  engine: Engine,
  log: (line: string) => void,
  only: readonly (keyof typeof STAND_INS)[] = Object.keys(STAND_INS) as (keyof typeof STAND_INS)[],
): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const [variable, { image, dir }] of Object.entries(STAND_INS).filter(([variable]) => only.includes(variable as keyof typeof STAND_INS))) {
    let context = join(root, 'deploy/test/images', dir);
    let scratch: string | undefined;
    if (dir === 'node') {
      scratch = mkdtempSync(join(tmpdir(), 'hostel-node-image-'));
      // Copied with their times, so an unchanged Node.js is the build cache's same layer.
      cpSync(join(context, 'Dockerfile'), join(scratch, 'Dockerfile'), { preserveTimestamps: true });
      cpSync(process.execPath, join(scratch, 'node'), { preserveTimestamps: true });
      cpSync(join(dirname(process.execPath), '../lib/node_modules/npm'), join(scratch, 'npm'), { recursive: true, preserveTimestamps: true });
      context = scratch;
    }
    try {
      const startedAt = performance.now();
      await runLogged([...engine.build, '--build-arg', `BASE_IMAGE=${STAND_IN_BASE}`, '-t', image, context], engine.env, log, 20 * 60_000);
      log(`==> ${image} built in ${Math.round((performance.now() - startedAt) / 1000)} s`);
    } finally {
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    }
    names[variable] = image;
  }
  return names;
}

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: unknown;
}

/** One run of the compose file (a project of its own name), driven through the engine's compose. */
export interface Deployment {
  project: string;
  engine: Engine;
  /** The environment compose reads the file's variables from. */
  env: NodeJS.ProcessEnv;
  /** The compose file and the overrides on it. */
  files: string[];
  compose(args: string[], timeoutMs?: number): Promise<string>;
  /** The resolved configuration (`compose config`). */
  config(): Promise<{ services: Record<string, ComposeService> }>;
  /** The id of a service's container. */
  container(service: string): Promise<string>;
  /** The engine's CLI on a service's container: `docker kill <id>`, `docker start <id>`… */
  engineOn(service: string, verb: string[], timeoutMs?: number): Promise<string>;
  /** Runs a command in a service's container (`docker exec`): its standard output. */
  exec(service: string, command: string[], timeoutMs?: number): Promise<string>;
  /** Runs the container's own HEALTHCHECK command in it (the image's, or the compose file's): healthy or not. */
  healthy(service: string): Promise<boolean>;
  /** Waits until the container's HEALTHCHECK passes. */
  untilHealthy(service: string, timeoutMs?: number): Promise<void>;
  /** What the container wrote (standard output and error). */
  logs(service: string): Promise<string>;
  /**
   * Starts `services` (default: all) in the order their depends_on gives, each once what it depends on
   * meets its condition (service_healthy: its HEALTHCHECK passes, run here, since podman runs none by
   * itself); a dependency left out of `services` is not started nor waited for.
   */
  up(services?: string[]): Promise<void>;
  /** Stops and removes the containers, the network and the volumes. */
  down(): Promise<void>;
}

export function deployment(engine: Engine, options: { project: string; files: string[]; env: Record<string, string> }): Deployment {
  const env = { ...engine.env, ...options.env };
  const files = options.files.flatMap((file) => ['-f', file]);
  const compose = async (args: string[], timeoutMs = 300_000) =>
    (await run([...engine.compose, '-p', options.project, ...files, ...args], { env, timeoutMs })).stdout;
  const ids = new Map<string, string>();
  const container = async (service: string) => {
    const id = (await compose(['ps', '-q', service])).trim().split('\n')[0];
    if (!id) throw new Error(`no container for ${service}`);
    ids.set(service, id);
    return id;
  };
  const engineOn = async (service: string, verb: string[], timeoutMs?: number) =>
    (await run([engine.cli, ...verb, ids.get(service) ?? (await container(service))], { env, ...(timeoutMs ? { timeoutMs } : {}) })).stdout;
  const exec = async (service: string, command: string[], timeoutMs?: number) =>
    (await run([engine.cli, 'exec', ids.get(service) ?? (await container(service)), ...command], { env, ...(timeoutMs ? { timeoutMs } : {}) })).stdout;
  const healthy = async (service: string) => {
    const id = await container(service);
    const inspected = JSON.parse((await run([engine.cli, 'inspect', id], { env })).stdout) as { Config: { Healthcheck?: { Test?: string[] } } }[];
    const test = inspected[0]?.Config.Healthcheck?.Test;
    if (!test || test[0] === 'NONE') throw new Error(`${service} has no HEALTHCHECK`);
    const command = test[0] === 'CMD-SHELL' ? ['sh', '-c', test[1]!] : test.slice(1);
    return exec(service, command, 30_000).then(
      () => true,
      () => false,
    );
  };
  const config = async () => parse(await compose(['config'])) as { services: Record<string, ComposeService> };
  const untilHealthy = async (service: string, timeoutMs = 180_000) =>
    void (await until(`${service} to be healthy`, async () => ((await healthy(service)) ? true : undefined), timeoutMs, 500));
  return {
    project: options.project,
    engine,
    env,
    files: options.files,
    compose,
    config,
    container,
    engineOn,
    exec,
    healthy,
    untilHealthy,
    logs: async (service) => {
      const { stdout, stderr } = await run([engine.cli, 'logs', ids.get(service) ?? (await container(service))], { env, timeoutMs: 60_000 });
      return stdout + stderr;
    },
    async up(services) {
      const { services: all } = await config();
      const wanted = new Set(services ?? Object.keys(all));
      const started = new Set<string>();
      const conditionsMet = new Set<string>();
      while (started.size < wanted.size) {
        const next = [...wanted].filter(
          (name) => !started.has(name) && Object.keys(all[name]!.depends_on ?? {}).every((dependency) => !wanted.has(dependency) || started.has(dependency)),
        );
        if (next.length === 0) throw new Error(`depends_on has a cycle among ${[...wanted].filter((name) => !started.has(name)).join(', ')}`);
        const waits = new Set(
          next.flatMap((name) =>
            Object.entries(all[name]!.depends_on ?? {})
              .filter(([dependency, { condition }]) => wanted.has(dependency) && condition === 'service_healthy' && !conditionsMet.has(dependency))
              .map(([dependency]) => dependency),
          ),
        );
        await Promise.all([...waits].map((dependency) => untilHealthy(dependency)));
        for (const dependency of waits) conditionsMet.add(dependency);
        await compose(['up', '-d', '--no-deps', '--no-build', ...next]);
        for (const name of next) started.add(name);
      }
    },
    async down() {
      await compose(['down', '--volumes', '--remove-orphans', '--timeout', '10'], 180_000);
    },
  };
}

/** Builds every image the compose file builds, once per image name, with the build's own arguments. */
export async function buildComposeImages(target: Deployment, log: (line: string) => void): Promise<string[]> {
  const { services } = await target.config();
  const built = new Map<string, NonNullable<ComposeService['build']>>();
  for (const service of Object.values(services)) if (service.build && service.image && !built.has(service.image)) built.set(service.image, service.build);
  for (const [image, build] of built) {
    const startedAt = performance.now();
    await runLogged(
      [
        ...target.engine.build,
        '-f',
        join(build.context, build.dockerfile ?? 'Dockerfile'),
        ...(build.target ? ['--target', build.target] : []),
        ...Object.entries(build.args ?? {}).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
        '-t',
        image,
        build.context,
      ],
      target.env,
      log,
      30 * 60_000,
    );
    log(`==> ${image} built in ${Math.round((performance.now() - startedAt) / 1000)} s`);
  }
  return [...built.keys()];
}

/** An image's size in bytes. */
export async function imageSize(engine: Engine, image: string): Promise<number> {
  return Number((await run([engine.cli, 'image', 'inspect', '--format', '{{.Size}}', image], { env: engine.env })).stdout.trim());
}

export interface StartedDeployment {
  deployment: Deployment;
  /** The gateway, as a browser reaches it. */
  base: string;
  /** The services started (kurrentdb is left out with EVENT_STORE=postgres). */
  services: string[];
  /** Every image the deployment runs, with its size in bytes. */
  images: { image: string; bytes: number }[];
  /** Building every image: the stand-ins (where no registry is) and the deployment's own. */
  buildMs: number;
  /** Of which building the stand-ins for the official images. */
  standInsMs: number;
  /** From the first `up` until /health/ready answered 200 through the gateway. */
  upToReadyMs: number;
  /** Keeps each service's log in `dir`, then stops and removes everything. */
  down(dir?: string): Promise<void>;
}

/**
 * Builds every image and starts docker-compose.yml with the overrides given, on the PostgreSQL event
 * store, its gateway published on 127.0.0.1:`port`; answers once /health/ready answers 200 through
 * the gateway. A run of the same project left over from before is removed first.
 */
export async function startComposeDeployment(options: {
  project: string;
  port: number;
  overrides: string[];
  log: (line: string) => void;
  env?: Record<string, string>;
}): Promise<StartedDeployment> {
  const engine = await findEngine();
  if (!engine)
    throw new Error('No container engine: set DOCKER_HOST, or start Docker or podman’s API service (docs/operations.md, "How the deployment is tested").');
  const builtAt = performance.now();
  const standIns = (await usesStandIns(engine)) ? await buildStandIns(engine, options.log) : {};
  const standInsMs = performance.now() - builtAt;
  const base = `http://127.0.0.1:${options.port}`;
  const target = deployment(engine, {
    project: options.project,
    files: ['docker-compose.yml', ...options.overrides],
    env: {
      ...standIns,
      EVENT_STORE: 'postgres',
      POSTGRES_PASSWORD: `pw-${randomUUID()}`,
      // read-api signs the audit's digests with it (docs/operations.md; made as deploy/env.example says).
      AUDIT_SIGNING_KEY: JSON.stringify({ ...generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }), kid: randomUUID() }),
      GATEWAY_ADDRESS: '127.0.0.1',
      GATEWAY_PORT: String(options.port),
      APP_ORIGIN: base,
      ...options.env,
    },
  });
  const built = await buildComposeImages(target, options.log);
  const buildMs = performance.now() - builtAt;
  const { services: all } = await target.config();
  const services = Object.keys(all).filter((name) => name !== 'kurrentdb');
  const used = [...new Set([...built, ...services.map((name) => all[name]!.image!)])];
  const images = await Promise.all(used.map(async (image) => ({ image, bytes: await imageSize(engine, image) })));
  await target.down();
  const upAt = performance.now();
  let started = false;
  try {
    await target.up(services);
    await until(
      'the deployment to be ready through the gateway',
      async () => ((await fetch(`${base}/health/ready`).catch(() => undefined))?.status === 200 ? true : undefined),
      180_000,
      250,
    );
    started = true;
  } finally {
    if (!started) await keepLogsAndDown(target, services, undefined);
  }
  return {
    deployment: target,
    base,
    services,
    images,
    buildMs,
    standInsMs,
    upToReadyMs: performance.now() - upAt,
    down: (dir) => keepLogsAndDown(target, services, dir),
  };
}

async function keepLogsAndDown(target: Deployment, services: string[], dir: string | undefined): Promise<void> {
  const into = dir ?? join(root, 'test-results', target.project);
  mkdirSync(into, { recursive: true });
  for (const service of services) {
    const text = await target.logs(service).catch((error: unknown) => `no log: ${String(error)}`);
    writeFileSync(join(into, `${service}.log`), text);
  }
  await target.down();
}
