import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it('serves the asked part, clipped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });

  it('says when no byte of the file is in the range', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('answers the whole file for no range, or one it does not understand', () => {
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,5-9', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=9-1', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=-', 1000)).toEqual({ kind: 'whole' });
  });
});
