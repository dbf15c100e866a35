import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A real MP4 made by ffmpeg's test pattern, for upload tests that need a film the server can
 * probe and take a poster from: `seconds` long at `size` (`WxH`) and `rate` frames a second.
 */
export function testFilm(
  dir: string,
  film: { seconds: number; size: string; rate: number },
  ffmpeg = 'ffmpeg',
): Buffer {
  const out = path.join(dir, 'sample.mp4');
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${film.seconds}:size=${film.size}:rate=${film.rate}`,
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return fs.readFileSync(out);
}
