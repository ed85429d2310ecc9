import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import qs from 'qs';
import type { AppContext } from './context.js';
import { installAuth } from './http/auth.js';
import { installNoStore } from './http/cache-control.js';
import { installErrorHandler } from './http/errors.js';
import { installJsonBodyParser } from './http/json-body.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installServing } from './http/serving.js';
import { registerModules } from './modules/index.js';
import { removeUnreferenced } from './modules/stored-files.js';

export interface AppOptions {
  ctx: Omit<AppContext, 'log'>;
  clientDir?: string;
  logger?: boolean | object;
}

/** The Fastify instance: tests inject into it, `main.ts` listens with it. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts.ctx;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: false,
    genReqId: () => crypto.randomUUID(),
    // A path Fastify cannot decode or a too long parameter: the reason, never Fastify's internal code.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.statusCode === 414;
      void reply
        .code(tooLong ? 414 : 400)
        .type('application/json; charset=utf-8')
        .send({ error: tooLong ? 'path parameter too long' : 'malformed path' });
    },
    routerOptions: {
      // Bracket notation (`filter[amount][gteq]=10`, `filter[vendor_id][]=1`) with bounded depth and size.
      querystringParser: (str: string) => qs.parse(str, { depth: 5, arrayLimit: 200, parameterLimit: 500 }),
    },
  });
  const ctx: AppContext = { ...opts.ctx, log: app.log };

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: Math.max(config.uploadMaxBytes, config.reportUploadMaxBytes), files: config.uploadMaxFiles, fields: 2000, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: true,
  });
  const ssoOrigin = config.oidc ? new URL(config.oidc.issuer).origin : undefined;
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes: virtualised rows and split panes position themselves with them.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Single sign-on posts to us and we redirect to the provider: form-action covers that redirect.
        formAction: ["'self'", ...(ssoOrigin ? [ssoOrigin] : [])],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  installJsonBodyParser(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, qs.parse(body as string, { depth: 5, arrayLimit: 200, parameterLimit: 500 }));
  });

  installErrorHandler(app);
  // Multipart file parts stream into storage; after the answer, those no record took are removed.
  app.decorate('storage', ctx.storage);
  app.decorate('uploadMaxBytes', config.uploadMaxBytes);
  app.addHook('onResponse', async (request) => {
    if (request.uploads?.length) await removeUnreferenced(ctx, request.uploads);
  });
  installNoStore(app);
  // Serving first: its hook hands address-bar navigations the client before auth asks for a token.
  await installServing(app, {
    clientDir: opts.clientDir,
    pageAttributes: () => ({ 'data-login-methods': config.loginMethods.join(',') }),
  });
  installAuth(app, ctx.db, { idleSeconds: config.sessionIdleSeconds });
  registerModules(app, ctx);
  return app;
}
