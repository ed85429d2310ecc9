import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Deeper than any payload of the spec (a contract's documents are 4 levels) and far from the stack's limit. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep `text` nests arrays and objects, counted without parsing (strings skipped), stopping as soon
 * as it passes `limit`: code that walks a parsed body recursively (validation, the NUL check) must never
 * meet a body that overflows the stack.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * `text` with every number literal that a double cannot hold quoted as a string: `1e-400` would parse
 * as 0 and `1e400` as Infinity, and a percentage of 0 would be stored in silence. As a string it meets
 * the decimal grammar of its field, which refuses it (`invalid`, at that field). Strings are skipped;
 * `text` comes back unchanged (the same string) when nothing is lossy, the usual case.
 */
export function quoteLossyNumbers(text: string): string {
  let out: string | undefined;
  let copied = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      continue;
    }
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) continue;
    NUMBER.lastIndex = i;
    const token = NUMBER.exec(text)?.[0];
    if (!token) continue;
    const value = Number(token);
    const mantissa = token.split(/[eE]/)[0];
    if (!Number.isFinite(value) || (value === 0 && /[1-9]/.test(mantissa))) {
      out = (out ?? '') + text.slice(copied, i) + `"${token}"`;
      copied = i + token.length;
    }
    i += token.length - 1;
  }
  return out === undefined ? text : out + text.slice(copied);
}

/**
 * JSON bodies through Fastify's own parser (prototype-poisoning checks, malformed JSON is a 400), after
 * a nesting-depth check that answers 400 with the reason, with lossy numbers kept as their text.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, { error: `JSON body nested deeper than ${MAX_JSON_DEPTH} levels` }), undefined);
      return;
    }
    parse(request, quoteLossyNumbers(text), done);
  });
}
