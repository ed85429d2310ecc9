import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PaymentState, PaymentType } from '../../../shared/entities/payment.js';
import { ADD_TO_BUCKET_REFUSED } from '../../../shared/entities/payment-bucket.js';
import type { AppContext, CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { MAX_BULK } from '../../http/actions.js';
import { currentUser } from '../../http/auth.js';
import { HttpError, ValidationFailed } from '../../http/errors.js';
import { unstorableText, write } from '../../http/resource.js';
import { auditMany } from '../audit/audit.js';
import { FLAG_ROLES, stateAllows } from '../../../shared/payment-lifecycle.js';
import './tables.js';

/**
 * The bucket tools of /api/payments (spec 3, 7.2). They stand beside the actions map (`actions.ts`) rather
 * than in it: add to bucket refuses with the 400 its dialog shows (spec 3, 8), not the map's 422, and both
 * change up to 1,000 payments with one UPDATE and one audit INSERT instead of a write per payment. The
 * flags are the lifecycle's (`stateAllows`, checked on the locked rows) and so are the roles.
 */
type BucketFlag = 'can_be_added_to_bucket' | 'can_be_removed_from_bucket';

/** The request's payment ids: a non-empty list of ids, at most `MAX_BULK`. */
function idsOf(body: Record<string, unknown>): number[] {
  const ids = body.ids;
  if (ids === undefined || (Array.isArray(ids) && ids.length === 0)) throw new ValidationFailed({ ids: ['blank'] });
  if (!Array.isArray(ids) || !ids.every((id) => (typeof id === 'number' || typeof id === 'string') && /^\d{1,15}$/.test(String(id)))) {
    throw new ValidationFailed({ ids: ['invalid'] });
  }
  if (ids.length > MAX_BULK) throw new ValidationFailed({ ids: ['too_many'] });
  return [...new Set(ids.map(Number))].sort((a, b) => a - b);
}

/**
 * Locks the payments in id order and answers the ids among them that fail `allowed` or do not exist:
 * checked on the locked rows, so a concurrent transition cannot slip in between check and write.
 */
async function lockAndCheck(trx: Db, ids: number[], flag: BucketFlag): Promise<number[]> {
  const { rows } = await sql<{ id: number; state: PaymentState; type: PaymentType; bucket_id: number | null }>`
    SELECT p.id::int AS id, p.state, p.type, p.payment_bucket_id::int AS bucket_id FROM payments p WHERE p.id = ANY(${ids}::bigint[]) ORDER BY p.id FOR UPDATE`.execute(trx);
  const ok = new Set(rows.filter((r) => stateAllows(flag, { state: r.state, type: r.type, bucketId: r.bucket_id })).map((r) => r.id));
  return ids.filter((id) => !ok.has(id));
}

/** Puts the payments into the bucket, all or none (spec 3, 5.1 and 8: a refusal is the 400 the dialog shows). */
export async function addToBucket(db: Db, user: CurrentUser, body: Record<string, unknown>): Promise<number[]> {
  const raw = body.payment_bucket_id;
  if (raw === undefined || raw === null || raw === '') throw new ValidationFailed({ payment_bucket_id: ['blank'] });
  if (!/^\d{1,15}$/.test(String(raw))) throw new ValidationFailed({ payment_bucket_id: ['invalid'] });
  const bucketId = Number(raw);
  const ids = idsOf(body);
  return write(
    db,
    user,
    async ({ trx }) => {
      // Shares the bucket's row with other additions; a delete (FOR UPDATE, only while empty) waits or is waited for.
      const bucket = await sql<{ id: number; name: string }>`SELECT id::int AS id, name FROM payment_buckets WHERE id = ${bucketId} FOR SHARE`.execute(trx);
      if (bucket.rows.length === 0) throw new ValidationFailed({ payment_bucket_id: ['invalid'] });
      const refused = await lockAndCheck(trx, ids, 'can_be_added_to_bucket');
      if (refused.length > 0) throw new HttpError(400, { error: ADD_TO_BUCKET_REFUSED, ineligible_ids: refused });
      await sql`UPDATE payments SET payment_bucket_id = ${bucketId}, lock_version = lock_version + 1, updated_at = now() WHERE id = ANY(${ids}::bigint[])`.execute(trx);
      const after = { id: bucketId, name: bucket.rows[0].name };
      await auditMany(trx, { action: 'add_to_payment_bucket', type: 'Payment', userId: user.id }, ids.map((id) => ({ id, changes: { payment_bucket: [null, after] } })));
      return ids;
    },
  );
}

/** Takes the payments out of their buckets, all or none (422 naming the ids that may not leave). */
export async function removeFromBucket(db: Db, user: CurrentUser, body: Record<string, unknown>): Promise<number[]> {
  const ids = idsOf(body);
  return write(db, user, async ({ trx }) => {
    const refused = await lockAndCheck(trx, ids, 'can_be_removed_from_bucket');
    if (refused.length > 0) throw new HttpError(422, { errors: { ids: ['ineligible'] }, ineligible_ids: refused });
    const { rows } = await sql<{ id: number; bucket_id: number; bucket_name: string }>`
      UPDATE payments p SET payment_bucket_id = NULL, lock_version = p.lock_version + 1, updated_at = now()
      FROM payments old JOIN payment_buckets b ON b.id = old.payment_bucket_id
      WHERE p.id = old.id AND p.id = ANY(${ids}::bigint[])
      RETURNING p.id::int AS id, b.id::int AS bucket_id, b.name AS bucket_name`.execute(trx);
    await auditMany(trx, { action: 'remove_from_payment_bucket', type: 'Payment', userId: user.id }, rows.map((r) => ({ id: r.id, changes: { payment_bucket: [{ id: r.bucket_id, name: r.bucket_name }, null] } })));
    return ids;
  });
}

/** `POST /api/payments/add_to_payment_bucket` and `remove_from_payment_bucket` (spec 3, 7.2), answering `{ids}`. */
export function bucketActionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const bodyOf = (raw: unknown) => {
    const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const errors = unstorableText(body);
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return body;
  };
  app.post('/api/payments/add_to_payment_bucket', { config: { roles: FLAG_ROLES.can_be_added_to_bucket } }, async (request) => ({
    ids: await addToBucket(ctx.db, currentUser(request), bodyOf(request.body)),
  }));
  app.post('/api/payments/remove_from_payment_bucket', { config: { roles: FLAG_ROLES.can_be_removed_from_bucket } }, async (request) => ({
    ids: await removeFromBucket(ctx.db, currentUser(request), bodyOf(request.body)),
  }));
}
