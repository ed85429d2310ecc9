import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { defineJob, type InTransaction, type Jobs } from '../../jobs/queue.js';
import { auditMany } from '../audit/audit.js';
import { creditNoteLanguage, type CreditNoteData, type CreditNoteLine, renderCreditNotePdf } from './credit-note-pdf.js';
import { legalImprints, PARTY_COLUMNS, PARTY_JOINS, partiesOf, type PartyRow } from './document-parties.js';
import { BUCKET_ENTITY } from './queries.js';

/**
 * Publish payments (DOMAIN "Buckets and payment files"), a job per bucket. A self-billing payment still
 * `new` gets its credit note (stored, then mailed by a job of its own) and moves to `payout_pending`;
 * one whose contract vendor has no payment method or whose vendor has no tax data goes to
 * `needs_correction` instead, as does a verified invoice payment lacking them. Invoice payments need no
 * note: verifying them moved them on already. An advance needs none either: publish moves it on.
 *
 * Safe to run twice, concurrently and after a crash: every state change is an UPDATE whose WHERE still
 * asks for the state it leaves (a second run waits for the row and then finds nothing to do), the note's
 * key, the state and the mail job commit together (the mail's job key allows one per payment), and a
 * note written by a run that lost the race or crashed before commit is removed (or swept as an orphan).
 */

export const PUBLISH_JOB = 'payment_buckets.publish';
export const CREDIT_NOTE_MAIL_JOB = 'payment_buckets.credit_note_mail';
/** Payments whose notes are written before one transaction records them. */
const BATCH = 50;

export interface PublishJobData {
  payment_bucket_id: number;
  user_id: number | null;
}

/**
 * The payments of `p` that cannot be paid: no usable payment method in the payee frozen on the payment
 * ("refresh payee" reads it again once the vendor's data is fixed), or no tax data.
 */
const LACKING = sql<boolean>`(
  NOT EXISTS (SELECT 1 FROM vendor_tax_infos t WHERE t.vendor_id = p.vendor_id)
  OR p.payee_method_type IS NULL OR p.payee_method_type = 'no_account')`;

/** One queued and one running publish per bucket (`stately`); sent in the request's transaction. */
export function sendPublishJob(jobs: Jobs, w: InTransaction, data: PublishJobData) {
  return jobs.send(w, PUBLISH_JOB, data, { entity: { type: BUCKET_ENTITY, id: data.payment_bucket_id }, singletonKey: String(data.payment_bucket_id) });
}

/** The mails of these payments' credit notes, sent together: the key allows one per payment, however often publish runs. */
export function sendCreditNoteMails(jobs: Jobs, w: InTransaction, paymentIds: readonly number[]) {
  return jobs.sendMany(w, CREDIT_NOTE_MAIL_JOB, paymentIds.map((id) => ({ data: { payment_id: id }, options: { key: `credit-note-mail:${id}` } })));
}

/** The data of these payments' credit notes, in the vendor's language. */
export async function creditNotes(db: Db, ids: number[], issuedOn: string) {
  const { rows } = await sql<
    Pick<
      CreditNoteData,
      'reference' | 'credit_note_type' | 'currency' | 'start_date' | 'end_date' | 'amount' | 'vat_percentage' | 'vat_amount' | 'wht_percentage' | 'wht_amount' | 'fee' | 'total_amount' | 'reverse_charge'
    > &
      PartyRow & { id: number }
  >`
    SELECT p.id::int AS id, p.reference, p.credit_note_type, p.currency, p.start_date::text AS start_date, p.end_date::text AS end_date,
      p.amount::text AS amount, p.vat_percentage::text AS vat_percentage, p.vat_amount::text AS vat_amount, p.wht_percentage::text AS wht_percentage,
      p.wht_amount::text AS wht_amount, p.fee::text AS fee, p.total_amount::text AS total_amount, p.reverse_charge, ${PARTY_COLUMNS}
    FROM payments p
    JOIN organizations ON organizations.id = p.organization_id
    JOIN vendors ON vendors.id = p.vendor_id
    ${PARTY_JOINS}
    WHERE p.id = ANY(${ids}::bigint[]) ORDER BY p.id`.execute(db);
  const lines = await sql<CreditNoteLine & { payment_id: number }>`
    SELECT l.payment_id::int AS payment_id, s.reference_id, l.share_type, l.revenue_type, l.revenue::text AS revenue, l.revenue_final::text AS revenue_final, l.amount::text AS amount,
      to_char(l.brought_forward_from, 'YYYY-MM-DD') AS brought_forward_from
    FROM payment_line_items l LEFT JOIN revenue_sources s ON s.id = l.revenue_source_id
    -- What was carried first, then the revenue.
    WHERE l.payment_id = ANY(${ids}::bigint[]) ORDER BY l.payment_id, s.reference_id NULLS FIRST, l.share_type, l.id`.execute(db);
  const imprintOf = await legalImprints(db, rows.map((r) => r.organization_id));
  return rows.map((r) => {
    const language = creditNoteLanguage(r.language);
    return {
      id: r.id,
      data: {
        language,
        reference: r.reference,
        issued_on: issuedOn,
        credit_note_type: r.credit_note_type,
        currency: r.currency,
        start_date: r.start_date,
        end_date: r.end_date,
        amount: r.amount,
        vat_percentage: r.vat_percentage,
        vat_amount: r.vat_amount,
        wht_percentage: r.wht_percentage,
        wht_amount: r.wht_amount,
        fee: r.fee,
        total_amount: r.total_amount,
        reverse_charge: r.reverse_charge,
        ...partiesOf(r, language, imprintOf),
        lines: lines.rows.filter((l) => l.payment_id === r.id),
      },
    };
  });
}

/** Publishes the bucket's payments; answers how many got a note and how many need correction (for tests and the job's progress). */
export async function publishPayments(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'storage'>,
  bucketId: number,
  userId: number | null,
  opts: { batch?: number } = {},
): Promise<{ published: number; needs_correction: number }> {
  const { db, jobs, storage } = ctx;
  // Set-based: every payment of the bucket that cannot be paid, in one UPDATE, audited with it.
  const corrected = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; state: string }>`
      UPDATE payments p SET state = 'needs_correction', lock_version = p.lock_version + 1, updated_at = now()
      FROM payments old
      WHERE old.id = p.id AND p.payment_bucket_id = ${bucketId}
        AND ((p.type IN ('self_billing', 'advance') AND p.state = 'new') OR (p.type = 'invoice' AND p.state = 'payout_pending')) AND ${LACKING}
      RETURNING p.id::int AS id, old.state`.execute(trx);
    await auditMany(trx, { action: 'publish', type: 'Payment', userId }, rows.map((r) => ({ id: r.id, changes: { state: [r.state, 'needs_correction'] } })));
    return rows.length;
  });
  // Advances need no note: the rest go on to be paid, in one UPDATE.
  const approved = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`
      UPDATE payments p SET state = 'payout_pending', published_at = now(), lock_version = p.lock_version + 1, updated_at = now()
      WHERE p.payment_bucket_id = ${bucketId} AND p.type = 'advance' AND p.state = 'new' AND NOT ${LACKING}
      RETURNING p.id::int AS id`.execute(trx);
    await auditMany(trx, { action: 'publish', type: 'Payment', userId }, rows.map((r) => ({ id: r.id, changes: { state: ['new', 'payout_pending'] } })));
    return rows.length;
  });

  let published = approved;
  let after = 0;
  for (;;) {
    const batch = await sql<{ id: number }>`
      SELECT p.id::int AS id FROM payments p
      WHERE p.payment_bucket_id = ${bucketId} AND p.type = 'self_billing' AND p.state = 'new' AND p.credit_note_key IS NULL AND p.id > ${after}
      ORDER BY p.id LIMIT ${opts.batch ?? BATCH}`.execute(db);
    if (batch.rows.length === 0) break;
    const ids = batch.rows.map((r) => r.id);
    after = ids[ids.length - 1];
    const today = new Date().toISOString().slice(0, 10);
    const notes = await creditNotes(db, ids, today);
    const stored: { id: number; key: string }[] = [];
    try {
      for (const note of notes) stored.push({ id: note.id, key: (await storage.put(await renderCreditNotePdf(note.data), 'pdf')).key });
      const wake: (() => Promise<void>)[] = [];
      const taken = await db.transaction().execute(async (trx) => {
        // Only payments still new and without a note: a concurrent run that got here first took the others.
        const { rows } = await sql<{ id: number }>`
          UPDATE payments p SET state = 'payout_pending', credit_note_key = n.key, published_at = now(), lock_version = p.lock_version + 1, updated_at = now()
          FROM unnest(${stored.map((s) => s.id)}::bigint[], ${stored.map((s) => s.key)}::text[]) AS n(id, key)
          WHERE p.id = n.id AND p.payment_bucket_id = ${bucketId} AND p.type = 'self_billing' AND p.state = 'new' AND p.credit_note_key IS NULL AND NOT ${LACKING}
          RETURNING p.id::int AS id`.execute(trx);
        const w: InTransaction = { trx, afterCommit: (fn) => void wake.push(fn) };
        await sendCreditNoteMails(jobs, w, rows.map((r) => r.id));
        await auditMany(trx, { action: 'publish', type: 'Payment', userId }, rows.map((r) => ({ id: r.id, changes: { state: ['new', 'payout_pending'], credit_note: [null, true] } })));
        return new Set(rows.map((r) => r.id));
      });
      published += taken.size;
      for (const fn of wake) await fn().catch(() => undefined);
      await Promise.all(stored.filter((s) => !taken.has(s.id)).map((s) => storage.remove(s.key).catch(() => undefined)));
    } catch (error) {
      await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => undefined)));
      throw error;
    }
  }
  return { published, needs_correction: corrected };
}

export const publishJob = defineJob<PublishJobData>({
  name: PUBLISH_JOB,
  policy: 'stately',
  expireInSeconds: 60 * 60,
  async run(job, ctx) {
    const done = await publishPayments(ctx, job.data.payment_bucket_id, job.data.user_id);
    await job.progress(done.published + done.needs_correction, done.published + done.needs_correction);
  },
});
