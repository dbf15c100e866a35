import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { videoSigningKey } from './video-signing-key';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wt-upload-key-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('videoSigningKey', () => {
  it('makes a random key once, keeps it private in DATA_DIR, and reads it back after a restart', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const made = await videoSigningKey(config);
    expect(made).toMatch(/^[0-9a-f]{64}$/);
    expect(await videoSigningKey(config)).toBe(made);
    expect(fs.statSync(path.join(dataDir, 'video-signing.key')).mode & 0o777).toBe(0o600);
  });

  it('uses VIDEO_SIGNING_KEY when set', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      VIDEO_SIGNING_KEY: 'a-key-set-by-the-operator',
    });
    expect(await videoSigningKey(config)).toBe('a-key-set-by-the-operator');
  });
});
