/**
 * Upload throughput (`npm run bench -- --upload`): a 200 MB file through the server's tus
 * endpoint with tus-js-client, as a browser sends it, against a plain streamed copy of the same
 * file on the same disk in the same run. The ratio is the figure to read (target ≥ 0.5): what
 * the protocol, HTTP and the server cost over moving the bytes at all.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Upload } from 'tus-js-client';
import type { UploadTicket } from '@homestretch/contract/library/create-upload';

const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const MB = 1024 * 1024;
/** Each measurement is taken this many times; the median is reported. */
const RUNS = 3;

export interface UploadFigures {
  table: string;
  /** Slowest tus ratio to the copy. */
  worstRatio: number;
}

/**
 * CPU seconds a process has used (Linux /proc), or null elsewhere. The server's CPU time per
 * upload is its cost whatever else the machine runs; wall-clock ratios move with the load.
 */
async function cpuSeconds(pid: number | undefined): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : null;
}

/** The file to send, written in 8 MB blocks of random bytes (nothing compresses or dedupes it). */
async function makeFile(file: string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    for (let written = 0; written < FILE_MB; written += 8) {
      await handle.write(randomBytes(Math.min(8, FILE_MB - written) * MB));
    }
  } finally {
    await handle.close();
  }
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function ticket(baseUrl: string, cookie: string): Promise<UploadTicket> {
  const response = await fetch(`${baseUrl}/video/create_by_therapist`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ title: 'Bench upload' }),
  });
  if (response.status !== 201) {
    throw new Error(`create_by_therapist: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as UploadTicket;
}

/**
 * One upload of the file. The client holds it in memory, as a browser hands its network stack a
 * File: the figure is the server's and the protocol's, not Node's file reading in the client.
 */
async function tusUpload(baseUrl: string, cookie: string, file: Buffer, chunkSize: number) {
  const signed = await ticket(baseUrl, cookie);
  await new Promise<void>((resolve, reject) => {
    new Upload(file, {
      endpoint: `${baseUrl}${signed.upload_url}`,
      chunkSize,
      headers: {
        AuthorizationSignature: signed.signature,
        AuthorizationExpire: String(signed.expiration),
        VideoId: signed.video_id,
        LibraryId: signed.library_id,
      },
      metadata: { filetype: 'video/mp4', title: signed.title },
      retryDelays: [],
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

export async function measureUploads(
  baseUrl: string,
  cookie: string,
  workDir: string,
  serverPid: number | undefined,
): Promise<UploadFigures> {
  const source = path.join(workDir, 'bench-source.bin');
  const copy = path.join(workDir, 'bench-copy.bin');
  await makeFile(source);
  const size = (await stat(source)).size;
  const copies: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    copies.push(await timed(() => pipeline(createReadStream(source), createWriteStream(copy))));
    await rm(copy);
  }
  const copySeconds = median(copies);
  const plans = [
    { name: 'tus, 8 MB chunks', chunkSize: 8 * MB },
    { name: 'tus, 32 MB chunks', chunkSize: 32 * MB },
    { name: 'tus, one request (no chunk limit)', chunkSize: Infinity },
  ];
  const mbps = (seconds: number) => size / MB / seconds;
  const rows = [
    `| Plain streamed copy, same disk (baseline) | ${mbps(copySeconds).toFixed(0)} | 1.00 | – | – |`,
  ];
  const file = await readFile(source);
  let worstRatio = Infinity;
  for (const plan of plans) {
    const seconds: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const before = await cpuSeconds(serverPid);
      seconds.push(await timed(() => tusUpload(baseUrl, cookie, file, plan.chunkSize)));
      const after = await cpuSeconds(serverPid);
      if (before !== null && after !== null) {
        cpu.push(after - before);
      }
    }
    const ratio = copySeconds / median(seconds);
    worstRatio = Math.min(worstRatio, ratio);
    const serverCpu = cpu.length > 0 ? median(cpu) : null;
    rows.push(
      `| ${plan.name} | ${mbps(median(seconds)).toFixed(0)} | ${ratio.toFixed(2)} | ${serverCpu?.toFixed(2) ?? '–'} | ${serverCpu ? mbps(serverCpu).toFixed(0) : '–'} |`,
    );
  }
  await rm(source);
  return {
    table: [
      '| Transfer | MB/s | ratio to the copy (target ≥ 0.5) | server CPU s | MB per server CPU s |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
    worstRatio,
  };
}

export const UPLOAD_FILE_MB = FILE_MB;
export const UPLOAD_RUNS = RUNS;
