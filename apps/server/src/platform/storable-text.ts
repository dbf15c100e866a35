/**
 * Text a request may carry. PostgreSQL text cannot hold the NUL character, and a lone UTF-16
 * surrogate (JSON "\ud800") or a byte sequence that is not UTF-8 has no character to store: the
 * driver would silently write U+FFFD in its place, and the clinic would read something nobody
 * typed. Every request is checked once, before the schemas, and the answer names each field.
 */
const NUL = '\u0000';
/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * No payload of spec §7 nests deeper than a few levels. A cap refuses a body built to exhaust
 * the stack (2,000 levels answered 500) before anything walks it.
 */
export const MAX_JSON_DEPTH = 32;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains a control character (NUL) that cannot be saved';
export const MALFORMED_TEXT_MESSAGE =
  'Contains a broken character (a lone UTF-16 surrogate) that cannot be saved';
export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8 text';
export const TOO_DEEP_MESSAGE = `The request body nests deeper than ${MAX_JSON_DEPTH} levels`;

function problemOf(text: string): string | null {
  if (text.includes(NUL)) {
    return UNSTORABLE_TEXT_MESSAGE;
  }
  return LONE_SURROGATE.test(text) ? MALFORMED_TEXT_MESSAGE : null;
}

/**
 * Each field (dotted path, as validation errors name fields) whose text, or key, cannot be
 * stored, with the reason. Walks with a stack of its own, so no depth can overflow the call stack.
 */
export function unstorableTextFields(value: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      const problem = problemOf(item);
      if (problem) {
        found[path || 'body'] ??= problem;
      }
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        const problem = problemOf(key);
        if (problem) {
          found[childPath] ??= problem;
        }
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return found;
}

/** How deep the arrays and objects of a JSON text nest, scanned without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) {
        index += 1;
      } else if (char === 0x22) {
        inString = false;
      }
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * `jsonDepth` of a value already parsed (a socket event's payload, which Socket.IO parses), walked
 * with a stack of its own.
 */
export function valueDepth(value: unknown): number {
  let deepest = 0;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value !== null && typeof next.value === 'object') {
      const depth = next.depth + 1;
      deepest = Math.max(deepest, depth);
      for (const child of Object.values(next.value)) {
        pending.push({ value: child, depth });
      }
    }
  }
  return deepest;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text, or null when its bytes are not UTF-8 (rather than U+FFFD in their place). */
export function decodeUtf8(body: Buffer): string | null {
  try {
    return strictUtf8.decode(body);
  } catch {
    return null;
  }
}
