/** Bundles the server's entry points (main, rtm, admin) into `outdir` (bundle.mjs). */
export function bundleServer(outdir: string): Promise<void>;
