import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { RtmResultSchema } from '@homestretch/contract/billing/rtm-case';

/** The command as `npm run build` bundles it (test/global-setup.ts). */
const CLI = path.join(inject('serverBundle'), 'rtm.js');

function rtm(args: string[], stdin: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const ISSUE_CASE = {
  time_zone: 'America/Los_Angeles',
  rtm_covered: true,
  episodes: [{ start: '2026-10-05', end: null }],
  data_days: ['2026-10-05', '2026-10-06'],
  monitoring: [
    { start: '2026-11-03T10:00:00-08:00', end: '2026-11-03T10:21:00-08:00', assistant: false },
  ],
  calls: [{ at: '2026-11-10T09:00:00-08:00', seconds: 300 }],
  month: '2026-11',
};

describe('npm run rtm -- explain', () => {
  it('reads a case on standard input and prints only the result as JSON, priced', async () => {
    const { code, stdout, stderr } = await rtm(['explain'], JSON.stringify(ISSUE_CASE));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const result = RtmResultSchema.parse(JSON.parse(stdout));
    const management = result.billable.find((line) => line.code === '98980');
    expect(management).toMatchObject({
      units: 1,
      modifiers: ['GP'],
      date_of_service: '2026-11-30',
      period: '2026-11',
      amount: 54,
    });
    expect(result.not_billable.map((entry) => entry.code)).toContain('98981');
  });

  it('exits 2 naming the field of a case that is not valid, and on text that is not JSON', async () => {
    const bad = await rtm(
      ['explain'],
      JSON.stringify({ ...ISSUE_CASE, episodes: [{ start: '5 Oct', end: null }] }),
    );
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('episodes.0.start: A date as YYYY-MM-DD');
    const notJson = await rtm(['explain'], '{"time_zone": ');
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/^The input is not valid JSON/);
  });
});
