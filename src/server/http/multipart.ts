import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { checkUpload, FileTooLarge, sniffType, type Storage, type UploadRule } from '../lib/storage.js';
import { HttpError, ValidationFailed } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where `readBody` streams file parts (set by `buildApp`). */
    storage: Storage;
    /** UPLOAD_MAX_BYTES: no file part is larger, whatever its rule says, unless the rule has its own limit. */
    uploadMaxBytes: number;
  }
  interface FastifyRequest {
    /** Storage keys of the files this request's body stored: those no record took are removed after the answer. */
    uploads?: string[];
  }
}

/**
 * A file part, already streamed into storage and checked against its rule. A class, so a JSON body
 * can never pass itself off as an upload (and point a record at someone else's file).
 */
export class UploadedFile {
  constructor(
    readonly filename: string,
    /** The type its content shows, one of its rule's types. */
    readonly type: string,
    readonly key: string,
    readonly size: number,
    /** SHA-256, hex. */
    readonly digest: string,
  ) {}
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return value instanceof UploadedFile;
}

/**
 * The rule for a file field: by exact name, or by a pattern where `*` stands for a list index
 * (`contract[documents][*][file]` takes `contract[documents][3][file]`).
 */
export function ruleFor(rules: Record<string, UploadRule>, field: string): UploadRule | undefined {
  if (Object.hasOwn(rules, field)) return rules[field];
  for (const [pattern, rule] of Object.entries(rules)) {
    if (!pattern.includes('*')) continue;
    const regex = new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\d{1,6}')}$`);
    if (regex.test(field)) return rule;
  }
  return undefined;
}

/**
 * Reads a request body that may be JSON or multipart. Multipart fields use bracket notation
 * (`organization[signers][0][user_id]=3`) and become the same nested object a JSON body would be; each
 * file part is streamed into storage (never held in memory), checked against its rule (type by
 * content, size; past the size the write stops and the partial file is removed) and put at its
 * field's place as an `UploadedFile`. A file field without a rule is a 400; a body that is not valid
 * multipart (no boundary, cut off) is a 400; on any refusal no file is left behind.
 */
export async function readBody(
  request: FastifyRequest,
  rules: Record<string, UploadRule> = {},
  /** `preservePath`: file names as sent, so a route can refuse one that holds a path (else only its last part is kept). */
  opts: { preservePath?: boolean } = {},
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return (request.body ?? {}) as Record<string, unknown>;
  const storage = request.server.storage;
  const uploads = (request.uploads ??= []);
  const pairs: string[] = [];
  const files: [string, UploadedFile][] = [];
  try {
    // A file over UPLOAD_MAX_BYTES is cut off rather than failing the request: it is then a field error
    // (422 too_large) like a file over its own rule's limit.
    const options = { throwFileSizeLimit: false, preservePath: opts.preservePath ?? false } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of request.parts(options)) {
      if (part.type !== 'file') {
        pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(String(part.value))}`);
        continue;
      }
      const rule = ruleFor(rules, part.fieldname);
      if (!rule) throw new HttpError(400, { error: `unexpected file field ${part.fieldname}` });
      const maxBytes = rule.ownLimit ? rule.maxBytes : Math.min(rule.maxBytes, request.server.uploadMaxBytes);
      const stored = await storage.write(part.file, { maxBytes }).catch((error: unknown) => {
        throw error instanceof FileTooLarge ? fieldError(part.fieldname, 'too_large') : error;
      });
      uploads.push(stored.key);
      if (part.file.truncated) throw fieldError(part.fieldname, 'too_large');
      if (stored.size === 0) continue; // an empty file input
      if (checkUpload(stored, rule) !== 'ok') throw fieldError(part.fieldname, 'invalid');
      const type = sniffType(stored.head, stored.size > stored.head.length)!;
      files.push([part.fieldname, new UploadedFile(part.filename, type, stored.key, stored.size, stored.digest)]);
    }
  } catch (error) {
    // Nothing of a refused body stays.
    await Promise.all(uploads.splice(0).map((key) => storage.remove(key).catch(() => undefined)));
    throw clientError(error);
  }
  const body = qs.parse(pairs.join('&'), { depth: 10, arrayLimit: 1000, parameterLimit: 5000 }) as Record<string, unknown>;
  for (const [field, file] of files) setAt(body, field, file);
  return body;
}

/**
 * Our refusals and the multipart plugin's (limits: 413) pass; a failure of the disk stays a 500;
 * anything else the parser threw (no boundary, a body cut off) is a malformed body: 400.
 */
function clientError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const e = error as { statusCode?: unknown; syscall?: unknown; message?: unknown };
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return error;
  if (e?.syscall) return error;
  return new HttpError(400, { error: `malformed multipart body: ${String(e?.message ?? 'unreadable')}` });
}

function pathOf(field: string): string[] {
  return field.replace(/\]/g, '').split('[');
}

function setAt(target: Record<string, unknown>, field: string, value: unknown) {
  const keys = pathOf(field);
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/** The 422 for a file field, nested as its name is (`contract[documents][0][file]` → documents.0.file). */
function fieldError(field: string, key: string) {
  const all = pathOf(field);
  const keys = all.length > 1 ? all.slice(1) : all; // drop the resource wrapper
  const errors: Record<string, unknown> = {};
  setAt(errors, keys.join('['), [key]);
  return new ValidationFailed(errors as never);
}
