// The server as esbuild bundles it (issue 9): production runs compiled JavaScript, not tsx, so it
// starts without compiling TypeScript and skips tsx's loader hooks. Packages stay in node_modules
// (native argon2, PGlite's wasm); the contract workspace, which is TypeScript source, is bundled
// in. `npm run build` writes dist/; the server's tests bundle their own copy to spawn
// (src/test/global-setup.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { releaseName } from '../../../scripts/release.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');

/**
 * A module that finds files next to its source (`import.meta.dirname`: the migrations, the
 * shipped data, the web build) keeps finding them from the bundle, which lives elsewhere.
 */
const sourceDirectories = (outdir) => ({
  name: 'source-directories',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]apps[\\/]server[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) {
        return undefined;
      }
      const fromBundle = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
});

/** Every package but the workspace's own stays an import of node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@homestretch/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles the server's entry points into `outdir`: main.js (the server), rtm.js and admin.js (the
 * commands, so `node dist/rtm.js explain` needs no TypeScript loader). `outdir` must lie inside the
 * repository, where the bundle's imports of packages find node_modules.
 */
export async function bundleServer(outdir) {
  await build({
    entryPoints: {
      main: path.join(serverDir, 'src/main.ts'),
      rtm: path.join(serverDir, 'src/cli/rtm.ts'),
      admin: path.join(serverDir, 'src/cli/admin.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceDirectories(outdir), externalPackages],
    // The default release of error reports (platform/release.ts); SENTRY_RELEASE overrides it.
    define: { HOMESTRETCH_RELEASE: JSON.stringify(releaseName()) },
  });
}
