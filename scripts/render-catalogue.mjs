// Renders every catalogue exercise's start and end frames side by side, with its name, into
// docs/screenshots/catalogue/<id>.png (480×240), for authors and reviewers to look at as a
// therapist would (issue 32 item 3, docs/catalogue-authoring.md §9).
//
//   node scripts/render-catalogue.mjs            # the whole catalogue
//   node scripts/render-catalogue.mjs mini-squat  # some exercises
//
// The figures are the same SVG the apps draw (packages/contract/src/library/figure-svg.ts),
// loaded through tsx; Chromium (CHROMIUM, default /usr/bin/chromium) turns them into PNGs.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/screenshots/catalogue');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const { PT_CATALOGUE } = await tsImport(
  path.join(ROOT, 'apps/server/src/features/library/pt-catalogue/index.ts'),
  import.meta.url,
);
const { figureStartEndSvg } = await tsImport(
  path.join(ROOT, 'packages/contract/src/library/figure-svg.ts'),
  import.meta.url,
);
const { CatalogueEntrySchema } = await tsImport(
  path.join(ROOT, 'packages/contract/src/library/catalogue-entry.ts'),
  import.meta.url,
);

const only = process.argv.slice(2);
const entries = PT_CATALOGUE.filter((entry) => only.length === 0 || only.includes(entry.id));
if (only.length > 0 && entries.length !== only.length) {
  const known = new Set(entries.map((entry) => entry.id));
  console.error(`Not in the catalogue: ${only.filter((id) => !known.has(id)).join(', ')}`);
  process.exit(1);
}

const escape = (text) => text.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (entry, svg) => `<!doctype html><html><head><style>
  body { margin: 0; width: 480px; height: 240px; background: #fff; font-family: Inter, system-ui, sans-serif; }
  header { display: flex; justify-content: space-between; align-items: baseline; padding: 8px 12px 0; color: #0f172a; }
  h1 { font-size: 14px; font-weight: 600; margin: 0; }
  small { font-size: 10px; color: #64748b; }
  svg { display: block; width: 460px; height: 200px; margin: 8px 10px 0; }
</style></head><body>
<header><h1>${escape(entry.name)}</h1><small>${escape(entry.id)} · ${entry.movement.view} view · start → end</small></header>
${svg}
</body></html>`;

await mkdir(OUT, { recursive: true });
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 480, height: 240 });
  for (const raw of entries) {
    const entry = CatalogueEntrySchema.parse(raw);
    const svg = figureStartEndSvg(entry.movement, { label: `${entry.name}: start and end` });
    await tab.setContent(page(entry, svg));
    await tab.screenshot({ path: path.join(OUT, `${entry.id}.png`) });
  }
  console.warn(`Rendered ${entries.length} exercises into ${path.relative(ROOT, OUT)}/`);
} finally {
  await browser.close();
}
