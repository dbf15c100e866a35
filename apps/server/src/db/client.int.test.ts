import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClinic } from '../features/admin/admin.service';
import { findClinicByCode } from '../platform/clinic-directory';
import { type Database, openPglite } from './client';

let dataDir: string | undefined;
let open: Database | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
  if (dataDir) {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

describe('the embedded database (PGlite in DATA_DIR)', () => {
  // Migrating a fresh on-disk database takes several seconds on a busy 2-core machine.
  it('keeps committed rows across a restart', { timeout: 120_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'homestretch-restart-'));
    open = await openPglite({ dataDir });
    await open.migrate();
    const created = await createClinic(open.db, { code: 'RESTART1', name: 'Restart Clinic' });
    await open.close();
    open = undefined;

    // A restart does what main.ts does: open the same directory and migrate (a no-op now).
    open = await openPglite({ dataDir });
    await open.migrate();
    const found = await findClinicByCode(open.db, 'RESTART1');
    expect(found).toMatchObject({ id: created.id, code: 'RESTART1', name: 'Restart Clinic' });
  });
});
