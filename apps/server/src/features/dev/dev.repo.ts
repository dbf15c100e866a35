import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';

const OUTBOX_PAGE = 100;

export async function listOutbox(db: Db, recipient?: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(OUTBOX_PAGE);
}
