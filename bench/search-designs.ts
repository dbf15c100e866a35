/**
 * `npx tsx bench/search-designs.ts`: the two designs issue 8 asked to compare for roster search,
 * on the bench clinic (bench/large-clinic.ts, 100,000 patients), measured in SQL alone (no HTTP):
 *
 * - tsvector: the product's query (patients.repo.ts selectRosterPage): one weighted `tsvector` a
 *   patient, GIN on (clinic_id, search_vector), one branch a tier;
 * - words btree: one row a patient and word in a side table with a btree on (clinic, kind,
 *   status, word, sort name, patient), each word one index range, tiers intersected and unioned,
 *   ranked and counted over every match (the shape of migrations 0004/0005, with the same words).
 *
 * Prints p50/p95 a query and for the whole mix; docs/benchmarks.md keeps the figures.
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import {
  PATIENT_MATCH,
  type PatientSearchPlan,
  planPatientSearch,
} from '../apps/server/src/features/patients/patient-search';
import { selectRosterPage } from '../apps/server/src/features/patients/patients.repo';
import { BENCH_SEARCHES } from './large-clinic';
import { percentile } from './load';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/homestretch_bench';
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

type Rows<T> = { rows: T[] };
const database = await openPostgres(DATABASE_URL);
await database.migrate();
const db = database.db;
const clinic = (
  (await db.execute(sql`select id from clinics where code = 'BENCH100K'`)) as Rows<{
    id: number;
  }>
).rows[0];
if (!clinic) {
  throw new Error('No bench clinic: run npm run bench first');
}
const scope = { clinicId: clinic.id };

console.log('Building the words table from the stored search vectors…');
await db.execute(sql`drop table if exists bench_search_words`);
// Each lexeme of the tsvector is "<kind><clinic>:word" (patient-search.ts): the same words, one
// row each.
await db.execute(sql`
  create table bench_search_words as
  select p.clinic_id, p.id as patient_id, p.status, p.sort_name,
    left(w.lexeme, 1) as kind, substr(w.lexeme, strpos(w.lexeme, ':') + 1) as term
  from patients p, unnest(p.search_vector) as w
  where p.clinic_id = ${scope.clinicId} and p.status <> 'removed'`);
await db.execute(sql`
  create index on bench_search_words (clinic_id, kind, status, term text_pattern_ops, sort_name, patient_id)`);
await db.execute(sql`vacuum analyze bench_search_words`);

function nextPrefix(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return `${chars.join('')}${String.fromCodePoint(last + 1)}`;
}

/** The 0004/0005 design: tiers of word ranges, every match grouped, ranked and counted. */
async function wordsBtree(plan: PatientSearchPlan): Promise<number[]> {
  const terms = (kind: string, term: ReturnType<typeof sql>) =>
    sql`select patient_id, sort_name from bench_search_words where clinic_id = ${scope.clinicId} and kind = ${kind} and status = 'active' and ${term}`;
  const starts = (prefix: string) => sql`term ~>=~ ${prefix} and term ~<~ ${nextPrefix(prefix)}`;
  const every = (kind: string) =>
    sql.join(
      plan.tokens.map((token) => sql`(${terms(kind, starts(token))})`),
      sql` intersect `,
    );
  const inner = plan.tokens.join('').length >= 3;
  const branches: [number, ReturnType<typeof sql>][] = [
    [PATIENT_MATCH.exactName, terms('f', sql`term = ${plan.tokens.join(' ')}`)],
    [PATIENT_MATCH.namePrefix, every('n')],
  ];
  if (plan.digits) {
    branches.push([PATIENT_MATCH.contact, terms('c', starts(plan.digits))]);
  }
  if (plan.contact) {
    branches.push([PATIENT_MATCH.contact, terms('c', starts(plan.contact))]);
  }
  if (inner) {
    branches.push([PATIENT_MATCH.other, every('d')]);
  }
  if (plan.code) {
    branches.push([PATIENT_MATCH.other, terms('i', starts(plan.code))]);
  }
  const union = sql.join(
    branches.map(
      ([tier, branch]) =>
        sql`select patient_id, sort_name, ${tier}::int as tier from (${branch}) as b`,
    ),
    sql` union all `,
  );
  const result = (await db.execute(sql`
    select patient_id, count(*) over () as total from (${union}) as hits
    group by patient_id, sort_name order by min(tier), sort_name collate "C", patient_id limit 25`)) as Rows<{
    patient_id: number;
  }>;
  return result.rows.map((row) => Number(row.patient_id));
}

async function tsvector(plan: PatientSearchPlan): Promise<number[]> {
  const { rows } = await selectRosterPage(db, scope, { status: 'active' }, plan, {
    limit: 25,
    offset: 0,
  });
  return rows.map((row) => row.id);
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  for (let warm = 0; warm < 3; warm += 1) {
    await run();
  }
  const took: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    took.push(performance.now() - started);
  }
  return took.sort((a, b) => a - b);
}

const all: Record<'tsvector' | 'words', number[]> = { tsvector: [], words: [] };
console.log('| Search | tsvector p50 · p95 ms | words btree p50 · p95 ms | same first page |');
console.log('|---|---|---|---|');
for (const search of BENCH_SEARCHES) {
  const plan = planPatientSearch(search)!;
  const vector = await time(() => tsvector(plan));
  const words = await time(() => wordsBtree(plan));
  all.tsvector.push(...vector);
  all.words.push(...words);
  const same =
    JSON.stringify(await tsvector(plan)) === JSON.stringify(await wordsBtree(plan)) ? 'yes' : 'no';
  const f = (values: number[]) =>
    `${percentile(values, 50).toFixed(1)} · ${percentile(values, 95).toFixed(1)}`;
  console.log(`| \`${search}\` | ${f(vector)} | ${f(words)} | ${same} |`);
}
const mix = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} · ${percentile(sorted, 95).toFixed(1)}`;
};
console.log(`| the whole mix | ${mix(all.tsvector)} | ${mix(all.words)} | |`);
await db.execute(sql`drop table bench_search_words`);
await database.close();
