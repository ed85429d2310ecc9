import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface ServingOptions {
  /** The built client (`dist/`); absent in API-only tests. */
  clientDir?: string;
  /** Attributes put on the root element of the served HTML (e.g. `data-login-methods`). */
  pageAttributes: () => Record<string, string>;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

/**
 * One port serves the API and the client (DESIGN "Serving"). No route is registered for files: a GET
 * that matches no API route is a static file when one exists, the client's index.html when the caller
 * prefers HTML, and a 404 otherwise.
 */
export async function installServing(app: FastifyInstance, opts: ServingOptions): Promise<void> {
  const root = opts.clientDir && fs.existsSync(path.join(opts.clientDir, 'index.html')) ? opts.clientDir : undefined;
  let indexTemplate: string | undefined;
  if (root) {
    // The build writes `.br` and `.gz` beside each text asset: sent by Accept-Encoding with `Vary`.
    await app.register(fastifyStatic, { root, serve: false, index: false, preCompressed: true });
    indexTemplate = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  }

  const sendIndex = (reply: FastifyReply) => {
    const attrs = Object.entries(opts.pageAttributes())
      .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
      .join('');
    const html = indexTemplate!.replace('<div id="root">', `<div id="root"${attrs}>`);
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  // Paths the spec shares between a screen and its API (`/portal-faqs`): an address-bar navigation
  // (prefers HTML) gets the client; `fetch` with `Accept: application/json` reaches the route.
  // Routes that browsers navigate to themselves (single sign-on) say `config.browser`.
  if (root) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.url) return;
      if ((request.routeOptions.config as { browser?: boolean }).browser) return;
      if (prefersHtml(request)) return sendIndex(reply);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (root && (request.method === 'GET' || request.method === 'HEAD')) {
      const pathname = decodeURIComponent(request.url.split('?')[0]);
      if (pathname !== '/' && !pathname.includes('\0') && !pathname.split('/').includes('..')) {
        const file = path.join(root, pathname);
        if (file.startsWith(root + path.sep) && path.basename(file) !== 'index.html' && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
          const immutable = pathname.startsWith('/assets/');
          return reply
            .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
            .sendFile(pathname.slice(1), { cacheControl: false });
        }
      }
      if (prefersHtml(request)) return sendIndex(reply);
    }
    return reply.code(404).send();
  });
}
