// The JavaScript budget of every screen (issues 9 and 29): EVERY script a first visit to the
// screen fetches until the network is idle, gzip, counted from the built web app's manifest (run
// `npm run build` first). Fails when a screen is over its budget; prints every screen's size
// either way. docs/benchmarks.md keeps the table; scripts/web-screens.mjs lists the screens.
//
// What a visit fetches: the page's entry, the app layout for signed-in screens, the screen's
// module, everything they import statically, and then every module they import dynamically
// (lazy panels, charts, the live chat's socket) and what those import, transitively, except
// the other screens' routes and the modules in ON_DEMAND, which wait for something a first
// visit does not do until the network is idle (a click, a toast, a setting). Until issue 29 the
// dynamic imports were left out, and the patient list fetched 272 KB against the 250 KB it
// showed. `npm run bench:web` measures the same figure in Chromium (every script response until
// the network is idle) to check this one; this one stays here because the server with the demo
// clinic takes over 30 s to start, and the manifest gives the same answer on every run.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_LAYOUT, PATIENT_APP, SCREENS } from './web-screens.mjs';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

/**
 * Dynamic imports a first visit does not fetch before the network is idle, and why. A module
 * that is not here and not a route is counted: a new lazy import counts until someone shows it
 * waits for the user (bench:web's "JS fetched" column is the check).
 */
const ON_DEMAND = new Map([
  // Issue 16: Sentry's SDK (95 KB) and the clinic handshake, only when the deployment sets
  // SENTRY_WEB_DSN or CLINIC_APP_ORIGIN.
  ['src/lib/sentry-client.ts', 'SENTRY_WEB_DSN set'],
  ['src/features/auth/bridge/clinic-handshake.ts', 'CLINIC_APP_ORIGIN set'],
  ['../../node_modules/react-toastify/dist/index.mjs', 'the first toast'],
  ['src/features/patients/components/roster/qr-poster-modal.tsx', 'the QR poster opened'],
  ['src/features/chat/components/patient-chat-modal.tsx', 'the chat opened'],
  ['src/features/hep/components/exercise-picker.tsx', 'an exercise being added'],
  ['src/features/hep/components/history-dialogs.tsx', 'a history dialog opened'],
  ['src/features/billing/components/billing-info-form.tsx', 'the billing tab opened'],
  ['src/features/billing/components/billing-files-panel.tsx', 'the files tab opened'],
  ['src/features/billing/components/billing-explanation-modal.tsx', "a patient's line explained"],
  ['src/patient-app/screens/chat-screen.tsx', 'the patient opening the chat (issue 14)'],
  ['src/patient-app/screens/sign-in-screen.tsx', 'nobody signed in on the phone'],
  ['src/features/monitoring/components/priority-layer.tsx', 'priority mode turned on'],
  ['src/features/patients/components/details/edit-patient-modal.tsx', '"Edit details" pressed'],
  ['src/features/patients/components/record/interaction-log-form.tsx', '"Log interaction" pressed'],
  ['src/features/health/components/functional-data-forms.tsx', 'a measure being added'],
  ['src/ui/date-picker-calendar.tsx', 'a date picker opened (or its button hovered)'],
  // Issue 32: the looping figure's drawing code (12 KB). Lists and the printed program show the
  // server's drawing as an image (FigureImage); the loop is drawn once an exercise is opened.
  [
    'src/shared/exercise-figure/exercise-figure.tsx',
    'an exercise opened on the phone (or previewed in the program builder)',
  ],
  // recharts with d3 (~115 KB): a chart is drawn as it nears the viewport (ChartSlot). On the
  // patient dashboard the health charts and functional data start below the fold of a desktop
  // screen; the balances' chart is in view, and its drawing counts there.
  ['src/features/health/components/metric-chart-drawing.tsx', 'a health chart scrolled near'],
  ['src/features/health/components/measure-chart-drawing.tsx', 'a measure chart scrolled near'],
]);

const manifest = JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const ROUTES = new Set([...SCREENS.map(({ module }) => module), APP_LAYOUT]);
const gzipBytes = new Map();

async function gzipSize(file) {
  if (!gzipBytes.has(file)) {
    gzipBytes.set(file, gzipSync(await readFile(path.join(DIST, file)), { level: 9 }).length);
  }
  return gzipBytes.get(file);
}

function entryOf(key) {
  const entry = manifest[key];
  if (!entry) {
    throw new Error(`${key} is not in the build: update scripts/web-screens.mjs`);
  }
  return entry;
}

/**
 * The files a visit fetches for `keys` (manifest keys): each module's chunk, its static
 * imports, and its dynamic imports that are neither routes nor on demand, transitively.
 */
function filesOf(keys) {
  const files = new Set();
  const seen = new Set();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop();
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    const entry = entryOf(key);
    files.add(entry.file);
    pending.push(...(entry.imports ?? []));
    for (const lazy of entry.dynamicImports ?? []) {
      if (!ROUTES.has(lazy) && !ON_DEMAND.has(lazy)) {
        pending.push(lazy);
      }
    }
  }
  return files;
}

async function jsKb(files) {
  let bytes = 0;
  for (const file of files) {
    if (file.endsWith('.js')) {
      bytes += await gzipSize(file);
    }
  }
  return bytes / 1024;
}

const over = [];
console.log('| Screen | JS gzip KB | budget KB |\n|---|---|---|');
for (const { screen, module, kb: budgetKb, layout } of [...SCREENS, PATIENT_APP]) {
  const keys = module.endsWith('.html') ? [module] : ['index.html', module];
  if (layout) {
    keys.push(APP_LAYOUT);
  }
  const kb = await jsKb(filesOf(keys));
  console.log(`| ${screen} | ${kb.toFixed(1)} | ${budgetKb} |`);
  if (kb > budgetKb) {
    over.push(`${screen}: ${kb.toFixed(1)} KB > ${budgetKb} KB`);
  }
}

/**
 * Issue 12: the patient app loads none of the staff app's code, which the source maps of its
 * chunks show, those it loads later (the chat) included.
 */
const STAFF_SOURCES = /^apps\/web\/src\/(features|app)\//;
const patientFiles = new Set();
for (const key of Object.keys(manifest)) {
  if (key === PATIENT_APP.module) {
    for (const file of filesOf([key])) {
      patientFiles.add(file);
    }
    for (const lazy of manifest[key].dynamicImports ?? []) {
      for (const file of filesOf([lazy])) {
        patientFiles.add(file);
      }
    }
  }
}
// The chunks those load lazily in turn, on demand or not.
for (const key of Object.keys(manifest)) {
  if (patientFiles.has(manifest[key].file)) {
    for (const lazy of manifest[key].dynamicImports ?? []) {
      for (const file of filesOf([lazy])) {
        patientFiles.add(file);
      }
    }
  }
}
const staffInPatientApp = [];
for (const file of patientFiles) {
  if (!file.endsWith('.js')) {
    continue;
  }
  const map = await readFile(path.join(DIST, `${file}.map`), 'utf8').catch(() => null);
  // Rolldown's runtime helpers come without a map; they are no one's source.
  for (const source of map ? JSON.parse(map).sources : []) {
    const resolved = path.relative(
      path.resolve(DIST, '../../..'),
      path.resolve(DIST, path.dirname(file), source),
    );
    if (STAFF_SOURCES.test(resolved)) {
      staffInPatientApp.push(`${file}: ${resolved}`);
    }
  }
}
if (staffInPatientApp.length > 0) {
  console.error(`\nThe patient app loads staff code:\n  ${staffInPatientApp.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `\nThe patient app's ${patientFiles.size} files, those it loads later included, hold none of the staff app's code.`,
);

if (over.length > 0) {
  console.error(`\nOver budget:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
