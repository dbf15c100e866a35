/**
 * The secret that signs upload tickets (docs/decisions/019-tus-uploads.md). VIDEO_SIGNING_KEY
 * when set; otherwise one made on first start and kept in DATA_DIR, so tickets stay valid
 * across restarts without a key anyone could read in our source. Several app nodes (or a
 * hosted video service) must share a key: set VIDEO_SIGNING_KEY (README, Configuration).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

const KEY_FILE = 'video-signing.key';

export async function videoSigningKey(config: Config): Promise<string> {
  if (config.video.signingKey) {
    return config.video.signingKey;
  }
  const file = path.join(config.dataDir, KEY_FILE);
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) {
    return existing.trim();
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  // 'wx': when two nodes start at once on one DATA_DIR, the second reads the first one's key.
  const made = randomBytes(32).toString('hex');
  try {
    await fs.writeFile(file, made, { mode: 0o600, flag: 'wx' });
    return made;
  } catch {
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
