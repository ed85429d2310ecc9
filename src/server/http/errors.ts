import type { FastifyError, FastifyInstance } from 'fastify';
import type { FieldErrors } from '../../shared/validation/core.js';

/** An answer that is not a success: 401, 403 and 404 carry no body (spec 1, section 8). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body?: unknown,
  ) {
    super(`HTTP ${statusCode}`);
  }
}

export class ValidationFailed extends HttpError {
  constructor(public readonly errors: FieldErrors) {
    super(422, { errors });
  }
}

export const unauthorized = () => new HttpError(401);
export const forbidden = () => new HttpError(403);
export const notFound = () => new HttpError(404);
/** A refused request that is not about one field, e.g. an unknown sort column. */
export const unprocessable = (errors: FieldErrors) => new ValidationFailed(errors);
export const conflict = (message: string) => new HttpError(409, { error: message });

interface PgError {
  code?: string;
  constraint?: string;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | PgError, request, reply) => {
    // Refused before the whole body arrived (over the limit, an unknown upload field): the rest is
    // discarded and the connection closed after the answer, so a client still sending gets the answer
    // and its next request a fresh connection, never one reset under it.
    if (!request.raw.complete) {
      reply.header('connection', 'close');
      request.raw.unpipe();
      request.raw.resume();
    }
    // A route may have set another type (a CSV export) before it failed: the answer is JSON.
    const json = (statusCode: number, body: unknown) => reply.code(statusCode).type('application/json; charset=utf-8').send(body);
    if (error instanceof HttpError) {
      if (error.body === undefined) return reply.code(error.statusCode).removeHeader('content-type').send();
      return json(error.statusCode, error.body);
    }
    const fe = error as FastifyError;
    // Fastify's own client errors: malformed JSON, too large bodies, wrong content type, rate limit.
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      return json(fe.statusCode, { error: fe.message });
    }
    const pg = error as PgError;
    if (pg.code === '22P02' || pg.code === '22003' || pg.code === '22007' || pg.code === '22008') {
      // Bad input that slipped past validation (e.g. an out-of-range number): a 422, never a 500.
      return json(422, { errors: { base: ['invalid'] } });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected failure');
    return json(500, { error: 'internal_error', request_id: request.id });
  });
}
