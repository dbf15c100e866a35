import { type SQL, and, asc, desc, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { icd10Codes } from '../../db/schema';
import { ICD10_MATCH, type Icd10Row, type Icd10SearchPlan } from './icd10-search';

const lowerDescription = sql`lower(${icd10Codes.description})`;
const codeInC = sql`${icd10Codes.code} collate "C"`;
/** PostgreSQL's \m is "start of a word"; words are [a-z0-9] only, so nothing needs escaping. */
const wordStart = (fragment: string) => sql`${lowerDescription} ~ ${`\\m${fragment}`}`;

/**
 * The tiers of `rankIcd10Match` (icd10-search.ts) in SQL; keep them in step. The filter is
 * ILIKE per word, which the trigram index answers without reading all 98k rows.
 */
function searchSql(plan: Icd10SearchPlan): { where: SQL; tier: SQL<number> } {
  const allWords = sql.join(
    plan.words.map((word) => sql`${icd10Codes.description} ilike ${`%${word}%`}`),
    sql` and `,
  );
  const allWordStarts = sql.join(plan.words.map(wordStart), sql` and `);
  const codePrefix = plan.code ? like(icd10Codes.code, `${plan.code}%`) : undefined;
  const tier = sql<number>`(case
    when ${icd10Codes.code} = ${plan.code ?? ''} then ${ICD10_MATCH.exactCode}
    when ${codePrefix ?? sql`false`} then ${ICD10_MATCH.codePrefix}
    when ${lowerDescription} = ${plan.phrase} then ${ICD10_MATCH.exactDescription}
    when ${lowerDescription} like ${`${plan.phrase}%`} then ${ICD10_MATCH.descriptionStartsWithPhrase}
    when ${wordStart(plan.phrase)} then ${ICD10_MATCH.phraseAtWordStart}
    when ${allWordStarts} then ${ICD10_MATCH.allWordStarts}
    else ${ICD10_MATCH.allWordsInside} end)`;
  return { where: or(codePrefix, sql`(${allWords})`) as SQL, tier };
}

/** One page of matches, best first (see compareIcd10Matches), and how many match in all. */
export async function searchIcd10Codes(
  db: Db,
  plan: Icd10SearchPlan | null,
  page: { limit: number; offset: number },
): Promise<{ rows: Icd10Row[]; count: number }> {
  if (!plan) {
    const [rows, [total]] = await Promise.all([
      db.select().from(icd10Codes).orderBy(codeInC).limit(page.limit).offset(page.offset),
      db.select({ count: sql<number>`count(*)::int` }).from(icd10Codes),
    ]);
    return { rows, count: total?.count ?? 0 };
  }
  const { where, tier } = searchSql(plan);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(icd10Codes)
      .where(where)
      .orderBy(
        asc(tier),
        sql`case when ${tier} <= ${ICD10_MATCH.codePrefix} then ${codeInC} end`,
        desc(icd10Codes.billable),
        sql`length(${icd10Codes.description})`,
        codeInC,
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(icd10Codes)
      .where(and(where)),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/**
 * The code whose description is exactly this (case aside), billable first: how a diagnosis shown
 * by its words (patients.diagnosis) is found again, by icd10_codes_description_lower_idx.
 */
export async function findCodeByDescription(db: Db, description: string): Promise<string | null> {
  const [row] = await db
    .select({ code: icd10Codes.code })
    .from(icd10Codes)
    .where(sql`${lowerDescription} = lower(${description})`)
    .orderBy(desc(icd10Codes.billable), codeInC)
    .limit(1);
  return row?.code ?? null;
}
