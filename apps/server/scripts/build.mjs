// `npm run build` for the server: the bundle `npm start` runs, in dist/ (scripts/bundle.mjs).
import path from 'node:path';
import { bundleServer } from './bundle.mjs';

const outdir = path.resolve(import.meta.dirname, '../dist');
await bundleServer(outdir);
console.log(
  `Server bundled into ${path.relative(process.cwd(), outdir)}/ (main.js, rtm.js, admin.js)`,
);
