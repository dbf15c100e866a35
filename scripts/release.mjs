// The release both builds are tagged with (error reports name it): SENTRY_RELEASE when the
// deployment sets one, else the commit being built, else `dev` outside a git checkout.
import { execFileSync } from 'node:child_process';

export function releaseName(env = process.env) {
  if (env.SENTRY_RELEASE) {
    return env.SENTRY_RELEASE;
  }
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return `homestretch@${commit}`;
  } catch {
    return 'homestretch@dev';
  }
}
