// Writes a brotli (.br) and a gzip (.gz) copy beside every built text file worth compressing, at
// the highest levels: done once per build, so the server sends them with no work per request
// (@fastify/static `preCompressed`). Source maps, which only developer tools fetch, take brotli's
// quality 5: at 11 they were four fifths of the build's time (13 of 17 s on a 2-core machine) for
// a copy 11 % smaller (docs/testing.md).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const SOURCE_MAP_QUALITY = 5;

let written = 0;
for (const entry of await readdir(DIST, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !COMPRESSIBLE.test(file)) {
    continue;
  }
  const content = await readFile(file);
  if (content.length < MIN_BYTES) {
    continue;
  }
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: file.endsWith('.map')
          ? SOURCE_MAP_QUALITY
          : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  written += 1;
}
console.log(`Pre-compressed ${written} built files (brotli and gzip)`);
