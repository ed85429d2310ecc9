import type { Payment, PaymentFlags } from '../src/shared/entities/payment';
import { api } from '../src/client/api/client';
import { downloadAttachment } from '../src/client/lib/download';
import { paymentDialog, type PaymentDialog } from '../src/client/features/payments/dialogs';
import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { deleteFailureMessage, resourceCommands, rowOf, type ResourceAction } from './resource';
import type { Availability, Command, CommandContext } from './types';

const R = 'payments';
const API = '/api/payments';
// Spec 3, 6 (the server's lifecycle.ts holds the same; admin passes every check).
const DETAIL_ROLES = ['payments', 'payments_admin', 'payments_cancel', 'payments_mark_incorrect', 'payments_pause_and_resume', 'payments_verify'];
const PAUSE_ROLES = ['payments_pause_and_resume'];
const ADMIN_ROLES = ['payments_admin'];
const INCORRECT_ROLES = ['payments_admin', 'payments_mark_incorrect'];
const VERIFY_ROLES = ['payments_verify', 'payments_admin'];
const CANCEL_ROLES = ['payments_cancel', 'payments_admin'];
// The server's credit note roles (payment-buckets/routes.ts CREDIT_NOTE_ROLES): the detail roles and bucket staff.
const CREDIT_NOTE_ROLES = [...DETAIL_ROLES, 'payment_buckets'];
const group = 'commands.groups.actions';
const ok: Availability = { enabled: true };

/** Enabled by the server's flag on the payment, else disabled saying why (spec 3, 4.1): of this payment, or of every selected one. */
const flag =
  (key: keyof PaymentFlags, reasons = 'payments.reasons') =>
  (p: Payment): Availability =>
    p[key] ? ok : { enabled: false, reason: `${reasons}.${key}` };

/** A lifecycle transition: row menu, the details page and, with `bulk`, the selection (all or none, confirmed with the count). */
function transition(name: string, key: keyof PaymentFlags, roles: readonly string[], opts: { bulk?: boolean; hotkey?: string } = {}): ResourceAction<Payment> {
  return {
    name,
    title: `payments.commands.${name}`,
    bulkTitle: opts.bulk ? `payments.commands.${name}_selected` : undefined,
    done: `payments.done.${name}`,
    failed: `payments.failed.${name}`,
    confirm: `payments.confirm.${name}`,
    when: flag(key),
    bulkWhen: flag(key, 'payments.bulk_reasons'),
    bulk: opts.bulk,
    bulkHotkey: opts.hotkey,
    roles,
    onRecordPage: true,
  };
}

/** The payment of a row menu (payments list, a payout's payments), or of the payment's own page. */
export const paymentOf = (ctx: CommandContext): Payment | undefined => rowOf<Payment>(ctx, R) ?? (ctx.entity?.resource === R ? (ctx.entity.record as unknown as Payment) : undefined);

/** A dialog where the screen mounts one; elsewhere the payment's details page, which does. */
function openDialog(ctx: CommandContext, dialog: PaymentDialog) {
  if (paymentDialog.open(dialog)) return;
  ctx.navigate(routePath('payments.show', { id: dialog.payment.id }));
  let tries = 0;
  const retry = () => {
    if (paymentDialog.open(dialog) || ++tries > 50) return;
    setTimeout(retry, 50);
  };
  setTimeout(retry, 0);
}

function paymentCommand(id: string, roles: readonly string[], when: (p: Payment) => Availability, run: (ctx: CommandContext, p: Payment) => void | Promise<void>): Command {
  return {
    id: `payments.${id}`,
    title: `payments.commands.${id}`,
    group,
    roles,
    scope: { resource: R, kind: 'row', onRecordPage: true },
    when: (ctx) => {
      const p = paymentOf(ctx);
      return p ? when(p) : { hidden: true };
    },
    run: (ctx) => run(ctx, paymentOf(ctx)!),
  };
}

/**
 * Saves a file of the payment under the server's name: hidden on payments of the other type, disabled
 * until the file exists (`missing` says when it will); a failure is an error toast.
 */
function downloadCommand(id: string, roles: readonly string[], type: Payment['type'], url: (p: Payment) => string | null, missing: string, file: string): Command {
  const command = paymentCommand(id, roles, (p) => (url(p) ? ok : { enabled: false, reason: missing }), async (ctx, p) => {
    try {
      await downloadAttachment(url(p)!, {}, `${file}-${p.reference}.pdf`);
    } catch {
      ctx.services.notify('error', ctx.t('payments.failed.download', { reference: p.reference }));
    }
  });
  const when = command.when!;
  return { ...command, when: (ctx) => (paymentOf(ctx)?.type === type ? when(ctx) : { hidden: true }) };
}

/**
 * Payments (spec 3, 2.1, 4.1, 6, 8): show; pause, resume, mark incorrect, pay out (Shift+P on the
 * selection) and cancel export per row, on the details page and for the whole selection; attach,
 * verify and invalidate an invoice; cancel with a replacement contract vendor. Each enabled by the
 * server's flag of every payment it acts on. And the downloads of the attached invoice or the credit note.
 */
export const paymentsCommands: Command[] = [
  ...resourceCommands<Payment>({
    resource: R,
    api: API,
    roles: DETAIL_ROLES,
    show: true,
    edit: false,
    delete: false,
    actions: [
      transition('pause', 'can_be_paused', PAUSE_ROLES, { bulk: true, hotkey: 'shift+h' }),
      transition('resume', 'can_be_resumed', PAUSE_ROLES, { bulk: true, hotkey: 'shift+r' }),
      transition('mark_incorrect', 'can_be_incorrect', INCORRECT_ROLES, { bulk: true }),
      transition('pay_out', 'can_be_paid_out', VERIFY_ROLES, { bulk: true, hotkey: 'shift+p' }),
      transition('cancel_export', 'can_cancel_export', ADMIN_ROLES, { bulk: true }),
    ],
  }),
  paymentCommand('attach_invoice', VERIFY_ROLES, flag('can_attach_invoice'), (ctx, payment) => openDialog(ctx, { kind: 'attach_invoice', payment })),
  paymentCommand('verify_invoice', VERIFY_ROLES, flag('can_be_verified'), (ctx, payment) => openDialog(ctx, { kind: 'verify_invoice', payment })),
  paymentCommand('invalidate_invoice', VERIFY_ROLES, flag('can_be_verified'), async (ctx, p) => {
    if (!(await ctx.services.confirm(ctx.t('payments.confirm.invalidate_invoice', { reference: p.reference }), { confirmLabel: 'payments.commands.invalidate_invoice', danger: true }))) return;
    try {
      await api.post(`${API}/${p.id}/invalidate_invoice`);
      ctx.services.notify('success', ctx.t('payments.done.invalidate_invoice'));
    } catch (error) {
      ctx.services.notify('error', `${ctx.t('payments.failed.invalidate_invoice')}: ${deleteFailureMessage(ctx, error)}`);
    } finally {
      ctx.services.invalidate(API);
    }
  }),
  paymentCommand('cancel', CANCEL_ROLES, flag('can_be_cancelled'), (ctx, payment) => openDialog(ctx, { kind: 'cancel', payment })),
  downloadCommand('download_invoice', DETAIL_ROLES, 'invoice', (p) => p.invoice_url, 'payments.reasons.no_invoice', 'invoice'),
  downloadCommand('download_credit_note', CREDIT_NOTE_ROLES, 'self_billing', (p) => p.credit_note_url, 'payments.reasons.no_credit_note', 'credit-note'),
];

export const paymentsLookups: Lookup[] = [
  recordLookup<Payment>({
    id: R,
    title: 'payments.lookup',
    roles: DETAIL_ROLES,
    path: API,
    label: (p) => p.reference,
    detail: (p) => `${p.vendor.name} · ${p.total_amount} ${p.currency}`,
    href: (id) => routePath('payments.show', { id }),
  }),
];
