/**
 * Reads a film with ffprobe and takes its poster with ffmpeg, where they are installed (README:
 * optional). Found at run time: without them a film still plays, with no poster or duration.
 */
import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

export interface MediaTools {
  ffprobe: string;
  ffmpeg: string;
}

export interface FilmFacts {
  durationSeconds: number;
}

/** A stuck probe must not hold an upload in `processing` forever. */
const TOOL_TIMEOUT_MS = 60_000;

async function findOnPath(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    ) {
      return candidate;
    }
  }
  return null;
}

/** ffprobe and ffmpeg on the PATH, or null when either is missing. */
export async function findMediaTools(): Promise<MediaTools | null> {
  const [ffprobe, ffmpeg] = await Promise.all([findOnPath('ffprobe'), findOnPath('ffmpeg')]);
  return ffprobe && ffmpeg ? { ffprobe, ffmpeg } : null;
}

function run(file: string, args: string[], encoding: 'utf8' | 'buffer') {
  return new Promise<string | Buffer>((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: TOOL_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, encoding },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** The film's length, or null when ffprobe finds no video stream in the file. */
export async function probeFilm(tools: MediaTools, filePath: string): Promise<FilmFacts | null> {
  const output = await run(
    tools.ffprobe,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_type:format=duration',
      '-of',
      'json',
      filePath,
    ],
    'utf8',
  ).catch(() => null);
  if (output === null) {
    return null;
  }
  const parsed = JSON.parse(String(output)) as {
    streams?: { codec_type?: string }[];
    format?: { duration?: string };
  };
  if (!parsed.streams?.some((stream) => stream.codec_type === 'video')) {
    return null;
  }
  const duration = Number(parsed.format?.duration);
  return { durationSeconds: Number.isFinite(duration) ? Math.round(duration) : 0 };
}

/**
 * A JPEG poster a third of a second in (past a fade-in's black first frame), at most 640 px wide.
 * Null when ffmpeg makes none.
 */
export async function takePoster(tools: MediaTools, filePath: string): Promise<Buffer | null> {
  const image = await run(
    tools.ffmpeg,
    [
      '-v',
      'error',
      '-ss',
      '0.3',
      '-i',
      filePath,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(640,iw)':-2",
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ],
    'buffer',
  ).catch(() => null);
  return image && image.length > 0 ? Buffer.from(image) : null;
}
