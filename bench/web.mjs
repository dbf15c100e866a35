// `npm run bench:web` (issue 9): Lighthouse, desktop preset, on the three screens a clinic
// opens most (sign-in signed out; the patient list and a patient's dashboard signed in), served
// by the production build (`npm start`'s server, embedded database, demo clinic) to Debian's
// Chromium. Each screen is measured RUNS times and the median run by performance score is kept;
// the table between the markers in docs/benchmarks.md is rewritten.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3290);
const ORIGIN = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_THERAPIST = { email: 'therapist@demo.homestretch.test', password: 'Demo-pass-2026' };
const REPORT = path.join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench:web:start -->';
const END = '<!-- bench:web:end -->';

/** Issue 9's targets: performance score and JS sent (the budgets hold the KB, gzip). */
const TARGETS = {
  login: { score: 98, kb: 150 },
  patient_list: { score: 97, kb: 250 },
  patient_dashboard: { score: 95, kb: 350, tbtMs: 100 },
};

async function startServer(dataDir) {
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_SEED: 'on',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: ORIGIN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited with ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${ORIGIN}/clinic/check_code?code=DEMO2026`)).ok) {
        return server;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error(`the server did not answer on ${ORIGIN} within 120 s`);
}

async function signIn(page) {
  await page.goto(`${ORIGIN}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"]').fill(DEMO_THERAPIST.email);
  await page.locator('input[type="password"]').fill(DEMO_THERAPIST.password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined),
    page.locator('button[type="submit"]').click(),
  ]);
  await page.waitForFunction("location.pathname === '/patients'", { timeout: 30_000 });
  // The demo clinic's first patient on the therapist's list, as a clinician would open it.
  await page.waitForSelector('a[href^="/patient/"][href$="/dashboard"]', { timeout: 30_000 });
  return page.$eval('a[href^="/patient/"][href$="/dashboard"]', (link) =>
    link.getAttribute('href'),
  );
}

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  );
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKb: (scripts?.transferSize ?? 0) / 1024,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

async function measure(page, url, signedIn) {
  const runs = [];
  const cdp = await page.createCDPSession();
  for (let run = 0; run < RUNS; run += 1) {
    // A first visit's download: keeping the session's cookies must not keep its cached files.
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      url,
      { logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: signedIn },
      desktopConfig,
      page,
    );
    if (!result) {
      throw new Error(`Lighthouse returned nothing for ${url}`);
    }
    const summary = summarise(result.lhr);
    if (new URL(summary.finalUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${summary.finalUrl}: the session is not what was meant`);
    }
    runs.push(summary);
  }
  await cdp.detach();
  runs.sort((a, b) => a.score - b.score);
  return { median: runs[Math.floor(runs.length / 2)], scores: runs.map((run) => run.score) };
}

function table(rows, startedAt, loadAverage) {
  const ms = (value) => Math.round(value).toLocaleString('en-US');
  const lines = [
    `Last run: ${startedAt} UTC, Lighthouse 12 desktop preset, ${RUNS} runs a screen (median by`,
    `score kept; all scores shown), production build served by \`npm start\`'s server (embedded`,
    `database, demo clinic), Debian Chromium headless; load average at the start ${loadAverage}.`,
    '',
    '| Screen | score (runs) | target | FCP ms | LCP ms | TBT ms | CLS | JS sent KB (brotli) | JS target KB (gzip) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { screen, median, scores } of rows) {
    const target = TARGETS[screen];
    const tbtTarget = target.tbtMs ? `, TBT < ${target.tbtMs}` : '';
    lines.push(
      `| ${screen} | ${median.score} (${scores.join(', ')}) | ≥ ${target.score}${tbtTarget} | ${ms(median.fcpMs)} | ${ms(median.lcpMs)} | ${ms(median.tbtMs)} | ${median.cls.toFixed(3)} | ${median.jsKb.toFixed(1)} | ≤ ${target.kb} |`,
    );
  }
  return lines.join('\n');
}

async function writeReport(block) {
  const text = await readFile(REPORT, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) {
    throw new Error(`docs/benchmarks.md has no ${START} … ${END} block`);
  }
  await writeFile(REPORT, `${text.slice(0, start + START.length)}\n${block}\n${text.slice(end)}`);
}

const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
const loadAverage = loadavg()
  .map((value) => value.toFixed(1))
  .join(' ');
const dataDir = await mkdtemp(path.join(tmpdir(), 'homestretch-bench-web-'));
const server = await startServer(dataDir);
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  const rows = [];
  rows.push({ screen: 'login', ...(await measure(page, `${ORIGIN}/login`, false)) });
  const dashboard = await signIn(page);
  rows.push({ screen: 'patient_list', ...(await measure(page, `${ORIGIN}/patients`, true)) });
  rows.push({
    screen: 'patient_dashboard',
    ...(await measure(page, `${ORIGIN}${dashboard}`, true)),
  });
  const block = table(rows, startedAt, loadAverage);
  console.log(block);
  await writeReport(block);
} finally {
  await browser.close();
  server.kill();
  await rm(dataDir, { recursive: true, force: true });
}
