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

/**
 * JSON bodies through Fastify's own parser (prototype-poisoning checks, malformed JSON is a 400), after
 * a nesting-depth check that answers 400 with the reason.
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
    parse(request, text, done);
  });
}
