import type { FastifyInstance } from 'fastify';

/**
 * API answers carry tokens and personal data: no browser or proxy may keep them. An answer that chose
 * its own caching (hashed assets, the client page, translations) keeps it.
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
