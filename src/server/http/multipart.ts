import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { checkUpload, type UploadRule } from '../lib/storage.js';
import { ValidationFailed } from './errors.js';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * Reads a request body that may be JSON or multipart. Multipart fields use bracket notation
 * (`organization[signers][0][user_id]=3`) and become the same nested object a JSON body would be; each
 * file part is checked against its rule (type by content, size) and put at its field's place.
 */
export async function readBody(
  request: FastifyRequest,
  rules: Record<string, UploadRule> = {},
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return (request.body ?? {}) as Record<string, unknown>;
  const pairs: string[] = [];
  const files: Record<string, UploadedFile> = {};
  // A file over UPLOAD_MAX_BYTES is cut off rather than failing the request: it is then a field error
  // (422 too_large) like a file over its own rule's limit, and an unexpected one is simply dropped.
  const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
  for await (const part of request.parts(options)) {
    if (part.type === 'file') {
      const rule = rules[part.fieldname];
      if (!rule) {
        // Unexpected file fields are ignored, never stored nor held in memory.
        for await (const chunk of part.file) void chunk;
        continue;
      }
      const data = await part.toBuffer();
      if (data.length === 0 && !part.file.truncated) continue;
      const verdict = part.file.truncated ? 'too_large' : checkUpload(data, rule);
      if (verdict !== 'ok') throw new ValidationFailed(nestedError(part.fieldname, verdict === 'too_large' ? 'too_large' : 'invalid'));
      files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data };
    } else {
      pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(String(part.value))}`);
    }
  }
  const body = qs.parse(pairs.join('&'), { depth: 10, arrayLimit: 1000, parameterLimit: 5000 }) as Record<string, unknown>;
  for (const [field, file] of Object.entries(files)) setAt(body, field, file);
  return body;
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

function nestedError(field: string, key: string) {
  const all = pathOf(field);
  const keys = all.length > 1 ? all.slice(1) : all; // drop the resource wrapper
  const errors: Record<string, unknown> = {};
  setAt(errors, keys.join('['), [key]);
  return errors as never;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data);
}
