import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { HttpError, unauthorized } from '../../http/errors.js';
import { parseBody } from '../../http/body.js';
import { email, minLength, required, text } from '../../../shared/validation/core.js';
import { PASSWORD_MIN_LENGTH } from './passwords.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { createSession, revokeSession, sessionBody, signInWithPassword } from './service.js';

const SignIn = object({ email: required(text()), password: required(text()) });
const ResetRequest = object({ email: required(email()) });
const Reset = object({
  reset_password_token: required(text()),
  password: required(minLength(text(), PASSWORD_MIN_LENGTH)),
  password_confirmation: required(text()),
});

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;

  app.post('/users/sign_in.json', { config: { public: true } }, async (request, reply) => {
    const input = parseBody(request.body, 'user', SignIn);
    const outcome = await signInWithPassword(db, config, { email: input.email, password: input.password, ip: request.ip });
    if (!outcome.ok) {
      request.log.info({ email: input.email, reason: outcome.reason }, 'sign-in refused');
      throw unauthorized();
    }
    request.log.info({ userId: outcome.user.id }, 'signed in');
    const token = await createSession(db, config, outcome.user.id, { client: headerText(request.headers.client), ip: request.ip });
    return reply.send(sessionBody(outcome.user, token));
  });

  app.get('/users/sessions.json', { config: { roles: [] } }, async (request) => {
    const user = currentUser(request);
    return { email: user.email, first_name: user.first_name, last_name: user.last_name, roles: user.roles };
  });

  app.delete('/users/sign_out.json', { config: { roles: [] } }, async (request, reply) => {
    await revokeSession(db, currentUser(request).sessionId);
    return reply.code(204).send();
  });

  app.post('/users/password.json', { config: { public: true } }, async (request, reply) => {
    const input = parseBody(request.body, 'user', ResetRequest);
    await requestPasswordReset(ctx, input.email);
    return reply.code(204).send();
  });

  app.put('/users/password.json', { config: { public: true } }, async (request, reply) => {
    const input = parseBody(request.body, 'user', Reset);
    if (input.password !== input.password_confirmation) {
      throw new HttpError(422, { errors: { password_confirmation: ['invalid'] } });
    }
    if (!(await resetPassword(db, input.reset_password_token, input.password))) {
      throw new HttpError(422, { errors: { reset_password_token: ['invalid'] } });
    }
    return reply.code(204).send();
  });
}

function headerText(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
