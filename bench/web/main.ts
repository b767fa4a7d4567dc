/**
 * `npm run bench:web [commit]`: what a student's phone gets. Builds the web app, starts the product
 * the way `npm start` does (one process, demo data) on a fresh database of the machine's PostgreSQL,
 * and runs Lighthouse (mobile profile, its default simulated throttling: a slow 4G link and a 4×
 * slower CPU) on `/`, `/AllMeals` and one meal's page. Prints, per page, the performance score, FCP,
 * LCP, TBT, CLS, the bytes transferred, the JavaScript transferred and that JavaScript gzipped (-9, whatever
 * the server sent). Each page is measured BENCH_RUNS times (3) and the run with the median score is shown.
 *
 * Given a commit (`npm run bench:web -- 6e66b1d`), it measures that commit too, in a worktree under
 * /tmp that reuses this checkout's node_modules (its own workspace packages linked in place of ours),
 * and prints both side by side. Needs Chromium at CHROME_PATH (/usr/bin/chromium). With BENCH_REPORTS set
 * to a folder, each page's median run is kept there as Lighthouse's JSON report (its long tasks, its
 * scripts' boot-up time), one file per tree and page.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createFreshDatabase } from '@hostel/platform/testing';
import { type ServerProcess, startServerProcess } from '../server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORTS = process.env.BENCH_REPORTS;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const here = fileURLToPath(new URL('.', import.meta.url));
const repository = resolve(here, '../..');

/** Targets of issue 23 (the web on React): performance, LCP and TBT on every page, the JavaScript on `/`. */
const TARGETS = { score: 0.95, lcpMs: 2000, tbtMs: 150, homeJsGzip: 160_000 };

interface PageFigures {
  page: string;
  /** Lighthouse's report of this run. */
  lhr: Lhr;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  jsBytes: number;
  jsGzipBytes: number;
  /** Every run's score, to see how much they vary. */
  scores: number[];
}

interface Measured {
  label: string;
  pages: PageFigures[];
}

const commit = process.argv[2];
const results: Measured[] = [];
if (commit) {
  const checkout = checkoutCommit(commit);
  try {
    results.push({ label: checkout.label, pages: await measureTree(checkout.root, checkout.label) });
  } finally {
    checkout.remove();
  }
}
const ours = `${gitShort(repository, 'HEAD')}+tree`;
results.push({ label: ours, pages: await measureTree(repository, ours) });
print(results);

/** Builds the tree's web app, serves it on a fresh database with the demo data, and runs Lighthouse. */
async function measureTree(root: string, label: string): Promise<PageFigures[]> {
  const dist = mkdtempSync(join(tmpdir(), 'bench-web-dist-'));
  const database = await createFreshDatabase('bench_web');
  let server: ServerProcess | undefined;
  try {
    console.log(`building the web app of ${root}…`);
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: join(root, 'web'),
      stdio: 'inherit',
    });
    console.log('starting the product (demo data)…');
    server = await startServerProcess(join(here, 'server.ts'), [root, database.url, dist], { cwd: root });
    const origin = `http://127.0.0.1:${server.port}`;
    const meals = (await (await fetch(`${origin}/api/meals?limit=1`)).json()) as { _id: string }[];
    if (!meals[0]) throw new Error('the demo data has no meal');
    const pages = ['/', '/AllMeals', `/meal/${meals[0]._id}`];
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--disable-component-update'],
    });
    try {
      // One unmeasured load first: the server's and PostgreSQL's first answers are not what a phone waits for.
      await runLighthouse(chrome.port, `${origin}/`);
      const figures: PageFigures[] = [];
      for (const page of pages) {
        const runs: PageFigures[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await figuresOf(page, await runLighthouse(chrome.port, `${origin}${page}`)));
        runs.sort((a, b) => a.score - b.score);
        const median = runs[Math.floor(runs.length / 2)]!;
        figures.push({ ...median, scores: runs.map((each) => each.score) });
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const name = page === '/' ? 'home' : page.split('/')[1]!.toLowerCase();
          writeFileSync(join(REPORTS, `${label}-${name}.json`), JSON.stringify(median.lhr));
        }
        console.log(`  ${page}: ${median.score.toFixed(2)} (runs ${runs.map((each) => each.score.toFixed(2)).join(', ')})`);
      }
      return figures;
    } finally {
      chrome.kill();
    }
  } finally {
    await server?.stop();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  }
}

async function runLighthouse(port: number, url: string) {
  // Now and then Chromium's trace misses the navigation's start (NO_NAVSTART); Lighthouse's advice is to run again.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    console.log(`  (${lhr.runtimeError.code} on ${url}: again)`);
  }
}

type Lhr = Awaited<ReturnType<typeof runLighthouse>>;

async function figuresOf(page: string, lhr: Lhr): Promise<PageFigures> {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${page}`);
    return value;
  };
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  // Gzipped here, whatever the server sent: the target is about what the page needs, compressed by the usual means.
  let jsGzipBytes = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(script.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    jsGzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return {
    page,
    lhr,
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: numeric('total-byte-weight'),
    jsBytes: scripts.reduce((sum, script) => sum + (script.transferSize ?? 0), 0),
    jsGzipBytes,
    scores: [],
  };
}

function print(measured: Measured[]) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
  const header = ['page', 'code', 'perf', 'FCP', 'LCP', 'TBT', 'CLS', 'transferred', 'JS transferred', 'JS gzip -9'];
  const rows: string[][] = [];
  const pageCount = measured[0]?.pages.length ?? 0;
  for (let index = 0; index < pageCount; index++) {
    for (const { label, pages } of measured) {
      const figures = pages[index]!;
      rows.push([
        figures.page.startsWith('/meal/') ? '/meal/{id}' : figures.page,
        label,
        figures.score.toFixed(2),
        seconds(figures.fcpMs),
        seconds(figures.lcpMs),
        `${Math.round(figures.tbtMs)} ms`,
        figures.cls.toFixed(3),
        kb(figures.totalBytes),
        kb(figures.jsBytes),
        kb(figures.jsGzipBytes),
      ]);
    }
  }
  console.log(`\nLighthouse 12.8.2, mobile profile (simulated slow 4G, 4× CPU slowdown), Chromium at ${CHROME_PATH}; median of ${RUNS} runs by score.`);
  console.log('kB = 1000 bytes. "JS transferred" is what went over the wire; "JS gzip -9" is the same scripts gzipped here.\n');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  const latest = measured.at(-1)!;
  const home = latest.pages[0]!;
  const misses = [
    ...latest.pages.filter((page) => page.score < TARGETS.score).map((page) => `${page.page} scores ${page.score.toFixed(2)} < ${TARGETS.score}`),
    ...latest.pages.filter((page) => page.lcpMs > TARGETS.lcpMs).map((page) => `${page.page} LCP ${seconds(page.lcpMs)} > ${seconds(TARGETS.lcpMs)}`),
    ...latest.pages.filter((page) => page.tbtMs > TARGETS.tbtMs).map((page) => `${page.page} TBT ${Math.round(page.tbtMs)} ms > ${TARGETS.tbtMs} ms`),
    ...(home.jsGzipBytes > TARGETS.homeJsGzip ? [`JS on / ${kb(home.jsGzipBytes)} gzipped > ${kb(TARGETS.homeJsGzip)}`] : []),
  ];
  console.log(
    `\ntargets (performance ≥ ${TARGETS.score} on every page, LCP ≤ ${seconds(TARGETS.lcpMs)}, TBT ≤ ${TARGETS.tbtMs} ms, JS on / ≤ ${kb(TARGETS.homeJsGzip)} gzipped): ${
      misses.length === 0 ? `met by ${latest.label}` : `missed by ${latest.label}: ${misses.join('; ')}`
    }`,
  );
}

function gitShort(root: string, revision: string) {
  return execFileSync('git', ['rev-parse', '--short', revision], { cwd: root, encoding: 'utf8' }).trim();
}

/**
 * The packages the commit's workspaces name that this checkout has not installed at all (the web on
 * Preact, say, measured from a checkout on React): installed from the registry at the versions named,
 * into the worktree's own folder, and linked beside the others.
 */
function installMissing(root: string) {
  const wanted = new Map<string, string>();
  for (const workspace of ['.', ...readdirSync(root)]) {
    const manifest = join(root, workspace, 'package.json');
    if (!existsSync(manifest)) continue;
    const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const [name, version] of Object.entries({ ...dependencies, ...devDependencies }))
      if (version !== '*' && !existsSync(join(root, 'node_modules', name)) && !existsSync(join(root, workspace, 'node_modules', name)))
        wanted.set(name, version);
  }
  if (wanted.size === 0) return;
  const extra = join(root, '.bench-packages');
  mkdirSync(extra);
  const specs = [...wanted].map(([name, version]) => `${name}@${version}`);
  console.log(`installing what ${root} needs and this checkout lacks: ${specs.join(' ')}`);
  execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', extra, ...specs], {
    stdio: 'inherit',
  });
  for (const name of wanted.keys()) {
    const scope = name.startsWith('@') ? join(root, 'node_modules', name.split('/')[0]!) : undefined;
    if (scope && existsSync(scope) && lstatSync(scope).isSymbolicLink()) {
      // The scope's folder is ours, linked: the worktree gets a folder of its own, linking what ours holds.
      const ours = readlinkSync(scope);
      unlinkSync(scope);
      mkdirSync(scope);
      for (const entry of readdirSync(ours)) symlinkSync(join(ours, entry), join(scope, entry));
    } else if (scope) mkdirSync(scope, { recursive: true });
    symlinkSync(join(extra, 'node_modules', name), join(root, 'node_modules', name));
  }
}

/**
 * A worktree of `revision` under /tmp with no `npm ci`: its node_modules links to each of ours, except
 * the workspace packages (@hostel/*), which point into the worktree as ours point into this checkout,
 * so the commit builds and runs its own code with today's third-party packages.
 */
function checkoutCommit(revision: string): { root: string; label: string; remove(): void } {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${revision}^{commit}`], { cwd: repository, encoding: 'utf8' }).trim();
  const root = mkdtempSync(join(tmpdir(), 'bench-web-commit-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', root, sha], { cwd: repository, stdio: 'ignore' });
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: repository, stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const ours = join(repository, 'node_modules');
    mkdirSync(join(root, 'node_modules'));
    for (const entry of readdirSync(ours)) {
      if (entry === '@hostel') {
        mkdirSync(join(root, 'node_modules/@hostel'));
        // Relative links (../../contracts): copied as they are, they lead into the worktree.
        for (const workspace of readdirSync(join(ours, '@hostel')))
          symlinkSync(readlinkSync(join(ours, '@hostel', workspace)), join(root, 'node_modules/@hostel', workspace));
      } else if (entry !== '.package-lock.json') {
        symlinkSync(join(ours, entry), join(root, 'node_modules', entry));
      }
    }
    // Workspaces' own node_modules (packages npm could not hoist).
    for (const workspace of readdirSync(repository)) {
      const own = join(repository, workspace, 'node_modules');
      if (existsSync(own) && existsSync(join(root, workspace)) && !existsSync(join(root, workspace, 'node_modules')))
        symlinkSync(own, join(root, workspace, 'node_modules'));
    }
    installMissing(root);
    return { root, label: gitShort(repository, sha), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
