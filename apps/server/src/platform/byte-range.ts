/**
 * HTTP range requests (RFC 9110 §14) for films and photos: a player asks for the part it needs
 * and seeks without fetching the whole file. One range only; a multi-range request is answered
 * whole, which the RFC allows and every player takes.
 */
export type RangeVerdict =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeVerdict {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // A header we do not understand is ignored (RFC 9110 §14.2), never an error.
  if (!match || (match[1] === '' && match[2] === '')) {
    return { kind: 'whole' };
  }
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || size === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) {
    return { kind: 'whole' };
  }
  if (start >= size) {
    return { kind: 'unsatisfiable' };
  }
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
