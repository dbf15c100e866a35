import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import { testDatabase, unique } from '../test/harness';
import { createAuditTrail } from './audit';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

const meta = { ip: '127.0.0.9', userAgent: 'vitest' };

describe('read audits', () => {
  it('commits the reads of one moment in one insert, each waiting for its row', async () => {
    const trail = createAuditTrail(database.db);
    const action = unique('test.read');
    const insert = vi.spyOn(database.db, 'insert');
    try {
      await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          trail.recordRead(meta, { action, targetType: 'patient', targetId: index }),
        ),
      );
      expect(insert).toHaveBeenCalledTimes(1);
    } finally {
      insert.mockRestore();
    }
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, action));
    expect(rows.map((row) => Number(row.targetId)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => index),
    );
    expect(rows[0]).toMatchObject({ ip: '127.0.0.9', userAgent: 'vitest', targetType: 'patient' });
  });

  it('keeps reads of later moments in later inserts, and writes what waits at flush', async () => {
    const trail = createAuditTrail(database.db);
    const action = unique('test.read');
    await trail.recordRead(meta, { action });
    const pending = trail.recordRead(meta, { action });
    await trail.flush();
    await pending;
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, action));
    expect(rows).toHaveLength(2);
  });

  it('fails every read of a batch whose rows cannot be written, so no read goes unaudited', async () => {
    const trail = createAuditTrail(database.db);
    const outOfRange = { action: unique('test.read'), clinicId: 2_147_483_648 };
    const results = await Promise.allSettled([
      trail.recordRead(meta, outOfRange),
      trail.recordRead(meta, { action: unique('test.read') }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
