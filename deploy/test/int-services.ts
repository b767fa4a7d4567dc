/**
 * The `int` project's globalSetup: the PostgreSQL and Redis the integration suites use. With a container
 * engine named by DOCKER_HOST (Docker, or podman's Docker API), they are started for the run through
 * testcontainers (@testcontainers/postgresql, @testcontainers/redis) on the images the compose file
 * runs: the official ones, or where no registry can be reached the stand-ins of deploy/test/images/
 * (built here when missing), and DATABASE_URL and REDIS_URL point the suites at them. Otherwise the
 * machine's own services (127.0.0.1:5432 and :6379, or DATABASE_URL and REDIS_URL as given), as before.
 * The run says which. INT_SERVICES=machine or INT_SERVICES=containers chooses.
 *
 * A socket alone does not choose the containers: on a machine whose engine serves test:deploy, every
 * integration run there would start its own PostgreSQL and Redis unasked.
 */
import { buildStandIns, engineAnswers, findEngine, STAND_INS, usesStandIns } from './containers';

/** What is used here of testcontainers, loaded only when containers are chosen (a machine without an engine never loads it). */
interface Started {
  stop(options?: { timeout?: number }): Promise<unknown>;
}
interface Container<S extends Started> {
  withDatabase(name: string): Container<S>;
  withUsername(name: string): Container<S>;
  withPassword(password: string): Container<S>;
  withWaitStrategy(strategy: unknown): Container<S>;
  start(): Promise<S>;
}
interface Modules {
  PostgreSqlContainer: new (image: string) => Container<Started & { getConnectionUri(): string }>;
  RedisContainer: new (image: string) => Container<Started & { getConnectionUrl(): string }>;
  Wait: { forListeningPorts(): unknown };
}
const load = async (): Promise<Modules> => {
  // Named through a variable: the type checker does not need the packages where they are not installed yet.
  const names = ['@testcontainers/postgresql', '@testcontainers/redis', 'testcontainers'];
  const [postgresql, redis, core] = (await Promise.all(names.map((name) => import(name)))) as [
    Pick<Modules, 'PostgreSqlContainer'>,
    Pick<Modules, 'RedisContainer'>,
    Pick<Modules, 'Wait'>,
  ];
  return { PostgreSqlContainer: postgresql.PostgreSqlContainer, RedisContainer: redis.RedisContainer, Wait: core.Wait };
};

const OFFICIAL = { postgres: 'postgres:18-bookworm', redis: 'redis:7.4-bookworm' };

async function containersWanted(): Promise<boolean> {
  const choice = process.env.INT_SERVICES;
  if (choice === 'machine') return false;
  if (choice === 'containers') return true;
  if (choice) throw new Error(`INT_SERVICES is 'machine' or 'containers', not '${choice}'`);
  return Boolean(process.env.DOCKER_HOST) && (await engineAnswers(process.env.DOCKER_HOST!));
}

/** Retries `attempt` until it answers (a server that listens before it accepts: PostgreSQL's first start). */
async function untilAnswers(what: string, attempt: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what} did not answer within ${timeoutMs / 1000} s: ${String(error)}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!(await containersWanted())) {
    console.info(
      `int: the machine's PostgreSQL (${process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'}) and Redis (${process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'}); ` +
        'set DOCKER_HOST (or INT_SERVICES=containers) to run them in containers',
    );
    return undefined;
  }
  const engine = await findEngine();
  if (!engine) throw new Error('INT_SERVICES=containers, but no container engine answers (set DOCKER_HOST)');
  // Ryuk, testcontainers' reaper, needs a privileged container podman does not give it: the teardown below removes them.
  if (engine.podman) process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  process.env.DOCKER_HOST = engine.env.DOCKER_HOST;
  // A local engine publishes the ports on every address of this machine: the suites reach them on loopback.
  if (engine.env.DOCKER_HOST?.startsWith('unix:')) process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
  const started = performance.now();
  let images = OFFICIAL;
  if (await usesStandIns(engine)) {
    await buildStandIns(engine, () => undefined, ['POSTGRES_IMAGE', 'REDIS_IMAGE']);
    images = { postgres: STAND_INS.POSTGRES_IMAGE.image, redis: STAND_INS.REDIS_IMAGE.image };
  }
  const [{ PostgreSqlContainer, RedisContainer, Wait }, pg] = await Promise.all([load(), import('pg')]);
  const containers: Started[] = [];
  const stop = async () => {
    await Promise.all(containers.map((container) => container.stop({ timeout: 5_000 }).catch(() => undefined)));
  };
  try {
    // Ready when it takes a connection (the image's HEALTHCHECK is never run by podman, so it is not waited for).
    const postgres = await new PostgreSqlContainer(images.postgres)
      .withDatabase('test')
      .withUsername('postgres')
      .withPassword('postgres')
      .withWaitStrategy(Wait.forListeningPorts())
      .start();
    containers.push(postgres);
    const databaseUrl = postgres.getConnectionUri();
    await untilAnswers('PostgreSQL in its container', async () => {
      const client = new pg.default.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.end();
    });
    const redis = await new RedisContainer(images.redis).start();
    containers.push(redis);
    process.env.DATABASE_URL = databaseUrl;
    process.env.REDIS_URL = redis.getConnectionUrl();
  } catch (error) {
    await stop();
    throw error;
  }
  console.info(
    `int: PostgreSQL and Redis in containers through testcontainers (${images.postgres}, ${images.redis}; ` +
      `${engine.podman ? 'podman, Ryuk off' : 'Docker'}), ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${process.env.DATABASE_URL}, ${process.env.REDIS_URL}`,
  );
  return stop;
}
