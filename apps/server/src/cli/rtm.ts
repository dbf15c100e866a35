/**
 * npm run --silent rtm -- explain < case.json   (README: Explaining a billing case)
 * Reads one RTM case (packages/contract/src/billing/rtm-case.ts) on standard input and prints
 * what it bills and what is missing, as JSON on standard output and nothing else, so billing
 * staff and auditors can check a case by hand and pipe the answer on.
 */
import { parseArgs } from 'node:util';
import { RtmCaseSchema } from '@homestretch/contract/billing/rtm-case';
import { ConfigError, loadConfig } from '../config';
import {
  FeeScheduleError,
  evaluateRtm,
  feeSchedule,
  priceResult,
} from '../features/billing/billing.api';

const USAGE = `Usage: npm run --silent rtm -- explain < case.json

  explain   Reads one RTM case as JSON on standard input and prints the billing result as JSON:
            the billable lines (code, units, modifiers, date of service, reasons, expected amount)
            and, per code that is not billable, what is missing and by when.

The case: {"time_zone", "rtm_covered", "episodes": [{"start", "end"}], "data_days": [dates],
"monitoring": [{"start", "end", "assistant"}], "calls": [{"at", "seconds"}], "month": "YYYY-MM",
"as_of"?: an instant}. Without as_of the month is judged closed.
Amounts come from config/rtm-fee-schedule.json, or the file RTM_FEE_SCHEDULE names.
Exit codes: 0 answered, 1 wrong usage, 2 the input is not valid JSON or not a valid case.`;

/** The input is not a case: exit code 2, the message on standard error. */
class CaseError extends Error {}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The case on standard input, parsed and checked, or a CaseError naming the field. */
function parseCase(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CaseError(
      `The input is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = RtmCaseSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(the case)'}: ${issue.message}`,
    );
    throw new CaseError(`The case is not valid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  const [command] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'explain' || positionals.length > 1) {
    console.error(command ? `Unknown command: ${positionals.join(' ')}\n\n${USAGE}` : USAGE);
    return 1;
  }
  if (process.stdin.isTTY) {
    console.error(`Give the case on standard input.\n\n${USAGE}`);
    return 1;
  }
  const schedule = feeSchedule(loadConfig().rtmFeeSchedule);
  const result = priceResult(evaluateRtm(parseCase(await readStdin())), schedule);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CaseError) {
      console.error(error.message);
      process.exitCode = 2;
    } else if (error instanceof FeeScheduleError || error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 1;
    } else if (
      error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
