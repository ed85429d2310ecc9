import type { Payment } from '../src/shared/entities/payment';
import type { PaymentBucket, PaymentFile } from '../src/shared/entities/payment-bucket';
import { api } from '../src/client/api/client';
import { addToBucketDialog } from '../src/client/features/payment-buckets/dialogs';
import { jobsStarted } from '../src/client/kit/jobs-watch';
import { downloadFile } from '../src/client/lib/download';
import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { deleteFailureMessage, recordOnPage, recordPageCommand, resourceCommands } from './resource';
import type { Availability, Command, CommandContext } from './types';

const R = 'payment_buckets';
const ROLES = ['payment_buckets'];
const PAYMENTS = 'payments';
const group = 'commands.groups.actions';
const ok: Availability = { enabled: true };
const flag = (allowed: boolean, reason: string): Availability => (allowed ? ok : { enabled: false, reason });

const bucketOnPage = (ctx: CommandContext): PaymentBucket | undefined => recordOnPage<PaymentBucket>(ctx, R);
/** A bucket page's command: hidden elsewhere, disabled with the reason when the flag says no. */
const pageCommand = recordPageCommand<PaymentBucket>(R, ROLES, group);

/** A job started on the bucket (4.3): the success says it runs, a refusal is the error toast (spec 3, 8). */
async function startJob(ctx: CommandContext, b: PaymentBucket, action: 'publish_payments' | 'create_payment_files') {
  try {
    await api.post(`/api/payment_buckets/${b.id}/${action}`);
    jobsStarted(`/api/payment_buckets/${b.id}/jobs`, ['job']);
    ctx.services.notify('success', ctx.t(`payment_buckets.started.${action}`));
  } catch (error) {
    ctx.services.notify('error', `${ctx.t(`payment_buckets.failed.${action}`)} ${deleteFailureMessage(ctx, error)}`);
  } finally {
    ctx.services.invalidate(`/api/payment_buckets/${b.id}`);
  }
}

/**
 * The payment file a command acts on: the row whose button runs it, or on the palette the bucket's only
 * file (with several, each row's buttons say which).
 */
const FILES = 'payment_files';
function targetFile(ctx: CommandContext): { bucket: PaymentBucket; file: PaymentFile } | undefined {
  const bucket = bucketOnPage(ctx);
  if (!bucket) return undefined;
  const selected = ctx.selection?.resource === FILES ? (ctx.selection.rows[0] as PaymentFile | undefined) : undefined;
  const file = selected ?? (bucket.payment_files.length === 1 ? bucket.payment_files[0] : undefined);
  return file ? { bucket, file } : undefined;
}

/** The file's download name, as the server's content-disposition gives it. */
export const paymentFileName = (bucket: PaymentBucket, f: PaymentFile) => `payments-${bucket.id}-${f.organization.id}-${f.currency}-${f.id}.${f.format === 'sepa' ? 'xml' : 'csv'}`;

/**
 * A command on one payment file of the bucket's page (spec 3, 4.3): download, update its content, delete it.
 * `allowed` is the file's server flag for the writes (false once it was downloaded, with its reason).
 */
function fileCommand(id: string, title: string, busyBlocks: boolean, run: (ctx: CommandContext, bucket: PaymentBucket, file: PaymentFile) => Promise<void>, allowed?: (file: PaymentFile) => boolean): Command {
  return {
    id,
    title,
    group,
    roles: ROLES,
    when: (ctx) => {
      const target = targetFile(ctx);
      if (!target) return { hidden: true };
      if (allowed && !allowed(target.file)) return { enabled: false, reason: `payment_buckets.reasons.${target.file.reason ?? 'downloaded'}` };
      return busyBlocks ? flag(!target.bucket.jobs_pending, 'payment_buckets.reasons.jobs_pending') : ok;
    },
    run: (ctx) => {
      const { bucket, file } = targetFile(ctx)!;
      return run(ctx, bucket, file);
    },
  };
}

/** A write on a file: success or the error toast (spec 3, 8), then the bucket and the payments list read again. */
async function fileWrite(ctx: CommandContext, bucket: PaymentBucket, action: 'update_file' | 'delete_file', write: () => Promise<unknown>) {
  try {
    await write();
    ctx.services.notify('success', ctx.t(`payment_buckets.files.done.${action}`));
  } catch (error) {
    ctx.services.notify('error', `${ctx.t(`payment_buckets.failed.${action}`)} ${deleteFailureMessage(ctx, error)}`);
  } finally {
    ctx.services.invalidate(`/api/payment_buckets/${bucket.id}`);
    ctx.services.invalidate('/api/payments');
  }
}

/** The selected payments of the payments list (the bulk toolbar), or the one row of a row menu. */
const selectedPayments = (ctx: CommandContext): Payment[] => (ctx.selection?.resource === PAYMENTS ? (ctx.selection.rows as Payment[]) : []);

/** Bucket tools act on every selected payment, enabled only when each has the flag (spec 3, 2.1, 4.1). */
function bucketTool(id: string, title: string, key: 'can_be_added_to_bucket' | 'can_be_removed_from_bucket', reason: string, run: (ctx: CommandContext, rows: Payment[]) => void | Promise<void>): Command {
  return {
    id,
    title,
    group,
    roles: ROLES,
    scope: { resource: PAYMENTS, kind: 'bulk' },
    when: (ctx) => {
      if (ctx.selection?.resource !== PAYMENTS) return { hidden: true };
      const rows = selectedPayments(ctx);
      if (rows.length === 0) return { enabled: false, reason: 'commands.reasons.nothing_selected' };
      return flag(rows.every((p) => p[key]), reason);
    },
    run: (ctx) => run(ctx, selectedPayments(ctx)),
  };
}

/**
 * Payment buckets (spec 3, 2.2, 4.3, 6, role `payment_buckets`): show, edit and delete (only while
 * empty), publish and create payment files on the bucket's page by its flags; in the payments list the
 * bucket tools add the selected payments to a bucket (a dialog) or take them out.
 */
export const paymentBucketsCommands: Command[] = [
  ...resourceCommands<PaymentBucket>({
    resource: R,
    api: '/api/payment_buckets',
    roles: ROLES,
    deleted: 'payment_buckets.deleted',
    show: true,
    delete: (b) => flag(b.can_be_deleted, 'payment_buckets.reasons.not_deletable'),
  }),
  pageCommand(
    'payment_buckets.edit_current',
    'payment_buckets.commands.edit',
    () => ok,
    (ctx, b) => ctx.navigate(routePath('payment_buckets.edit', { id: b.id })),
  ),
  pageCommand(
    'payment_buckets.publish_payments',
    'payment_buckets.commands.publish_payments',
    (b) => flag(b.can_publish_payments, b.jobs_pending ? 'payment_buckets.reasons.jobs_pending' : 'payment_buckets.reasons.nothing_to_publish'),
    (ctx, b) => startJob(ctx, b, 'publish_payments'),
  ),
  pageCommand(
    'payment_buckets.create_payment_files',
    'payment_buckets.commands.create_payment_files',
    (b) =>
      flag(
        b.can_create_payment_files,
        b.flag_reasons?.can_create_payment_files
          ? `payment_buckets.reasons.${b.flag_reasons.can_create_payment_files}`
          : b.jobs_pending
            ? 'payment_buckets.reasons.jobs_pending'
            : 'payment_buckets.reasons.nothing_to_export',
      ),
    (ctx, b) => startJob(ctx, b, 'create_payment_files'),
  ),
  fileCommand('payment_buckets.download_file', 'payment_buckets.commands.download_file', false, async (ctx, bucket, file) => {
    try {
      await downloadFile(file.url, paymentFileName(bucket, file));
    } catch (error) {
      ctx.services.notify('error', `${ctx.t('payment_buckets.failed.download_file')} ${deleteFailureMessage(ctx, error)}`);
    } finally {
      // The first download is recorded: the row then says so and its writes are refused.
      ctx.services.invalidate(`/api/payment_buckets/${bucket.id}`);
    }
  }),
  fileCommand('payment_buckets.update_file', 'payment_buckets.commands.update_file', true, (ctx, bucket, file) =>
    fileWrite(ctx, bucket, 'update_file', () => api.post(`/api/payment_buckets/${bucket.id}/payment_files/${file.id}/update_file`)),
    (f) => f.can_be_updated,
  ),
  fileCommand('payment_buckets.delete_file', 'payment_buckets.commands.delete_file', true, async (ctx, bucket, file) => {
    if (!(await ctx.services.confirm(ctx.t('form.delete_confirmation'), { confirmLabel: 'form.delete', danger: true }))) return;
    await fileWrite(ctx, bucket, 'delete_file', () => api.delete(`/api/payment_buckets/${bucket.id}/payment_files/${file.id}`));
  }, (f) => f.can_be_deleted),
  bucketTool('payments.add_to_payment_bucket_selected', 'payment_buckets.commands.add_to_bucket', 'can_be_added_to_bucket', 'payment_buckets.reasons.cannot_add', (ctx, rows) => {
    if (!addToBucketDialog.open(rows.map((p) => p.id))) ctx.services.notify('warning', ctx.t('payment_buckets.reasons.open_payments_list'));
  }),
  bucketTool('payments.remove_from_payment_bucket_selected', 'payment_buckets.commands.remove_from_bucket', 'can_be_removed_from_bucket', 'payment_buckets.reasons.cannot_remove', async (ctx, rows) => {
    try {
      await api.post('/api/payments/remove_from_payment_bucket', { ids: rows.map((p) => p.id) });
      ctx.services.notify('success', ctx.t('payment_buckets.removed', { count: rows.length }));
    } catch (error) {
      ctx.services.notify('error', `${ctx.t('payment_buckets.remove_failed')} ${deleteFailureMessage(ctx, error)}`);
    } finally {
      ctx.services.invalidate('/api/payments');
    }
  }),
];

/** The palette finds buckets by name and opens their details. */
export const paymentBucketsLookups: Lookup[] = [
  recordLookup<{ id: number; name: string }>({
    id: R,
    title: 'payment_buckets.title',
    roles: ROLES,
    path: '/api/payment_buckets/lookup',
    label: (b) => b.name,
    detail: (b) => `#${b.id}`,
    href: (id) => routePath('payment_buckets.show', { id }),
  }),
];

