/**
 * Where a measurement's CPU went, read from /proc (Linux): named groups of processes (the
 * servers, the load generator), PostgreSQL's processes, and everything else the machine did
 * meanwhile. On a shared 2-core machine, "everything else" tells a slow server from a busy one.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in these ticks a second. */
const TICKS_PER_SECOND = 100;

function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name in parentheses: state is field 3, utime and stime 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function postgresSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) {
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
          total += processSeconds(Number(entry));
        }
      } catch {
        // ended while listed
      }
    }
  }
  return total;
}

/** Busy time of all cores: user, nice, system, irq, softirq and steal (not idle, not iowait). */
function machineSeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}

export interface CpuSnapshot {
  at: number;
  groups: Map<string, number>;
  postgres: number;
  machine: number;
}

export function cpuSnapshot(groups: Record<string, readonly number[]>): CpuSnapshot {
  return {
    at: performance.now(),
    groups: new Map(
      Object.entries(groups).map(([name, pids]) => [
        name,
        pids.reduce((sum, pid) => sum + processSeconds(pid), 0),
      ]),
    ),
    postgres: postgresSeconds(),
    machine: machineSeconds(),
  };
}

/** Each group's share between two snapshots, in percent of one core, with PostgreSQL and the rest. */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const seconds = (after.at - before.at) / 1000;
  const percent = (value: number) => (value / seconds) * 100;
  const shares = new Map(
    [...after.groups].map(([name, used]) => [name, percent(used - before.groups.get(name)!)]),
  );
  shares.set('PostgreSQL', percent(after.postgres - before.postgres));
  const ours = [...shares.values()].reduce((sum, value) => sum + value, 0);
  shares.set('everything else', Math.max(0, percent(after.machine - before.machine) - ours));
  return shares;
}
