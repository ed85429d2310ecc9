import Fastify from 'fastify';

/**
 * The baseline of the server bench: a bare Fastify 5 answering, from memory, the same JSON bodies the
 * app answered (`process.argv[2]`, a JSON object of path → body), on a free port it prints.
 */
const bodies = JSON.parse(process.argv[2]) as Record<string, unknown>;
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies)) {
  const text = JSON.stringify(body);
  app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(address);
