import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderSink = { setHeader(name: string, value: string): void; removeHeader(name: string): void };

/**
 * helmet's security headers (CSP, frame, referrer, HSTS, …), computed once. `@fastify/helmet` builds
 * helmet's middleware anew on every request and parses the CSP each time: 11% of an authenticated
 * request's CPU in the bench's profile, more than authentication itself. With static options every
 * answer gets the same headers, so they are worked out at start by helmet itself and set by one hook.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers: Record<string, string> = {};
  const sink: HeaderSink = { setHeader: (name, value) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => {} };
  // helmet only calls setHeader / removeHeader on the response: a sink collects what it sets.
  helmet(options)({} as IncomingMessage, sink as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
