import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { buildInitData } from './reference.js';
import { translations } from './locales.js';

export const SESSION_CHECK_INTERVAL_MS = 300_000;

export function clientSettings(ctx: AppContext) {
  return {
    login_methods: ctx.config.loginMethods,
    maps_key: ctx.config.mapsKey ?? null,
    session_check_interval: SESSION_CHECK_INTERVAL_MS,
    upload_max_bytes: ctx.config.uploadMaxBytes,
  };
}

export function configRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/config/data', { config: { roles: [] } }, async () => buildInitData());
  app.get('/config/settings.json', { config: { roles: [] } }, async () => clientSettings(ctx));
  app.get<{ Params: { lng: string } }>('/config/locales/:lng', { config: { public: true } }, async (request, reply) => {
    const lng = request.params.lng.replace(/\.json$/, '');
    reply.header('cache-control', 'no-cache');
    return translations(lng, process.env.NODE_ENV === 'development');
  });
}
