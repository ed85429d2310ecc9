import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type HeaderSink = { setHeader(name: string, value: string): void; removeHeader(name: string): void };
type Helmet = (options: object) => (req: object, res: HeaderSink, next: (error?: unknown) => void) => void;

/**
 * helmet's security headers (CSP, frame, referrer, HSTS, …), computed once. `@fastify/helmet` builds
 * helmet's middleware anew on every request and parses the CSP each time: 11% of an authenticated
 * request's CPU in the bench's profile, more than authentication itself. With static options every
 * answer gets the same headers, so they are worked out at start by helmet itself (the copy that
 * `@fastify/helmet` depends on) and set by one hook.
 */
export function installSecurityHeaders(app: FastifyInstance, options: Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>): void {
  const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as Helmet;
  const headers: Record<string, string> = {};
  const sink: HeaderSink = { setHeader: (name, value) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => {} };
  helmet(options)({}, sink, (error) => {
    if (error) throw error;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
