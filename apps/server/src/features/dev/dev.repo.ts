import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { OutboxReader } from './outbox-access';

const OUTBOX_PAGE = 100;

/** The newest messages the reader may see, optionally only those to one recipient. */
export async function listOutbox(db: Db, reader: Exclude<OutboxReader, null>, recipient?: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        reader.scope === 'clinic' ? eq(outboxMessages.clinicId, reader.clinicId) : undefined,
        recipient ? eq(outboxMessages.recipient, recipient) : undefined,
      ),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(OUTBOX_PAGE);
}
