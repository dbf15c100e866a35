// Every installed package must run on the Node.js the README promises (package.json "engines"):
// npm warns EBADENGINE otherwise, and the package may use what that Node lacks. Reads the lock
// file, so it checks what `npm ci` installs on any machine, optional platform packages too.
import { readFile } from 'node:fs/promises';
import semver from 'semver';

const root = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(await readFile(new URL('../package-lock.json', import.meta.url), 'utf8'));
const promised = semver.minVersion(root.engines.node);

const refused = Object.entries(lock.packages)
  .filter(([path, entry]) => path !== '' && entry.engines?.node)
  .filter(([, entry]) => !semver.satisfies(promised, entry.engines.node))
  .map(
    ([path, entry]) =>
      `${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${entry.engines.node}`,
  );

if (refused.length > 0) {
  console.error(`Not for Node.js ${promised} (package.json engines ${root.engines.node}):`);
  console.error(`  ${refused.join('\n  ')}`);
  process.exit(1);
}
console.log(`Every locked package runs on Node.js ${promised}.`);
