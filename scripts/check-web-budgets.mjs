// The JavaScript budget of every screen (issue 9): what a first visit to the screen downloads,
// gzip, counted from the built web app (run `npm run build` first). Fails when a screen is over
// its budget; prints every screen's size either way. docs/benchmarks.md keeps the table.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const APP_LAYOUT = 'src/app/layouts/app-layout.tsx';
const page = (feature, name) => `src/features/${feature}/pages/${name}.tsx`;

/** Issue 9: the sign-in screens within 150 KB (React, the router, TanStack Query and zod are 125). */
const PUBLIC_KB = 150;

/** Screens of spec §2: the module the router loads for each, and its budget in KB (gzip). */
const SCREENS = [
  ['login', page('auth', 'login-page'), PUBLIC_KB],
  ['supervisor_login', page('auth', 'supervisor-login-page'), PUBLIC_KB],
  ['therapist_signup', page('auth', 'therapist-signup-page'), PUBLIC_KB],
  ['find_password', page('auth', 'find-password-page'), PUBLIC_KB],
  ['reset_password', page('auth', 'reset-password-page'), PUBLIC_KB],
  // The phone step checks the number against its country's plan (decision 010): 30 KB more.
  ['patient_signup', page('patient-signup', 'patient-signup-page'), PUBLIC_KB + 35],
  ['not_found', 'src/app/pages/not-found-page.tsx', PUBLIC_KB],
  ['patient_list', page('patients', 'patient-list-page'), 250, APP_LAYOUT],
  // The charts' code (recharts, ~140 KB) loads on its own once a chart is drawn.
  ['patient_dashboard', page('patients', 'patient-dashboard-page'), 250, APP_LAYOUT],
  ['therapist_list', page('staff', 'therapist-list-page'), 250, APP_LAYOUT],
  ['therapist_dashboard', page('staff', 'therapist-dashboard-page'), 250, APP_LAYOUT],
  ['supervisor_approvals', page('supervisors', 'approvals-page'), 250, APP_LAYOUT],
  ['supervisor_approval_request', page('supervisors', 'approval-request-page'), 250, APP_LAYOUT],
  // The printable program has no app layout: the sheet and the print button only.
  ['hep_print', page('hep', 'program-print-page'), 200],
  ['supervisor_profile', page('supervisors', 'supervisor-profile-page'), 250, APP_LAYOUT],
  ['clinic_admin', page('admin', 'clinic-admin-page'), 250, APP_LAYOUT],
  ['balances_dashboard', page('billing', 'balances-page'), 250, APP_LAYOUT],
  ['exercise_library', page('exercises', 'exercise-library-page'), 250, APP_LAYOUT],
  // tus-js-client (about 20 KB) loads with the upload screen only.
  ['exercise_upload', page('exercises', 'exercise-upload-page'), 250, APP_LAYOUT],
  ['exercise_edit', page('exercises', 'exercise-edit-page'), 250, APP_LAYOUT],
  ['referral_program', page('referral', 'referral-page'), 250, APP_LAYOUT],
  ['chat_sessions', page('chat', 'chat-sessions-page'), 250, APP_LAYOUT],
  ['chat_messages', page('chat', 'chat-messages-page'), 250, APP_LAYOUT],
];

const manifest = JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const gzipBytes = new Map();

async function gzipSize(file) {
  if (!gzipBytes.has(file)) {
    gzipBytes.set(file, gzipSync(await readFile(path.join(DIST, file)), { level: 9 }).length);
  }
  return gzipBytes.get(file);
}

/** A module's chunk and every chunk it imports statically (loaded with it, before it runs). */
function chunksOf(key, into = new Set()) {
  const entry = manifest[key];
  if (!entry) {
    throw new Error(`${key} is not in the build: update SCREENS in scripts/check-web-budgets.mjs`);
  }
  if (!into.has(entry.file)) {
    into.add(entry.file);
    for (const imported of entry.imports ?? []) {
      chunksOf(imported, into);
    }
  }
  return into;
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
function report(screen, kb, budgetKb) {
  console.log(`| ${screen} | ${kb.toFixed(1)} | ${budgetKb} |`);
  if (kb > budgetKb) {
    over.push(`${screen}: ${kb.toFixed(1)} KB > ${budgetKb} KB`);
  }
}

console.log('| Screen | JS gzip KB | budget KB |\n|---|---|---|');
for (const [screen, module, budgetKb, layout] of SCREENS) {
  const files = chunksOf('index.html');
  chunksOf(module, files);
  if (layout) {
    chunksOf(layout, files);
  }
  report(screen, await jsKb(files), budgetKb);
}

/**
 * Issue 12: the patient app (/app) is its own page for phones, within its own budget: React,
 * React DOM, TanStack Query and zod are 106 KB of it. It loads every screen at once (a patient
 * moves between them offline) except the chat (issue 14), which needs the network anyway and
 * loads when opened; and none of the staff app's code, which the source maps of its chunks show,
 * the chat's included. Loading the chat lazily costs Vite's preload helper (~0.9 KB) once: the
 * budget went from 125 to 126 KB for it, the chat's own ~15 KB staying out of the first load.
 */
const PATIENT_APP = 'app/index.html';
const PATIENT_APP_KB = 126;
const STAFF_SOURCES = /^apps\/web\/src\/(features|app)\//;

const patientFiles = chunksOf(PATIENT_APP);
report('patient_app', await jsKb(patientFiles), PATIENT_APP_KB);

/** What a module loads later: its dynamic imports and theirs, with their static imports. */
function lazyChunksOf(key, into = new Set()) {
  for (const lazy of manifest[key]?.dynamicImports ?? []) {
    if (!into.has(manifest[lazy].file)) {
      chunksOf(lazy, into);
      lazyChunksOf(lazy, into);
    }
  }
  return into;
}

const patientLazyFiles = new Set();
for (const key of Object.keys(manifest)) {
  if (patientFiles.has(manifest[key].file)) {
    lazyChunksOf(key, patientLazyFiles);
  }
}
const staffInPatientApp = [];
for (const file of new Set([...patientFiles, ...patientLazyFiles])) {
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
  `\nThe patient app's ${patientFiles.size} files, and the ${[...patientLazyFiles].filter((file) => !patientFiles.has(file)).length} it loads later, hold none of the staff app's code.`,
);

if (over.length > 0) {
  console.error(`\nOver budget:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
