import type { Payment, PaymentFlags, PaymentLookup } from '../src/shared/entities/payment';
import { CREDIT_NOTE_ROLES, DETAIL_ROLES, FLAG_ROLES, TRANSITIONS, transitionRoles, type TransitionName } from '../src/shared/payment-lifecycle';
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
// Roles, flags and transitions are the server's own (shared/payment-lifecycle.ts); admin passes every check.
const group = 'commands.groups.actions';
const ok: Availability = { enabled: true };

/**
 * Enabled by the server's flag on the payment, else disabled saying why (spec 3, 4.1): a four-eyes rule
 * the server named, or the flag's own reason, of this payment or of every selected one.
 */
const flag =
  (key: keyof PaymentFlags, reasons = 'payments.reasons') =>
  (p: Payment): Availability => {
    if (p[key]) return ok;
    const rule = p.flag_reasons?.[key];
    return { enabled: false, reason: rule ? `payments.reasons.${rule}` : `${reasons}.${key}` };
  };

/** A lifecycle transition (its flag, roles and hotkey from `TRANSITIONS`): row menu, the details page and the selection (all or none, confirmed with the count). */
function transition(name: TransitionName): ResourceAction<Payment> {
  const t: { flag: keyof PaymentFlags; hotkey?: string } = TRANSITIONS[name];
  return {
    name,
    title: `payments.commands.${name}`,
    bulkTitle: `payments.commands.${name}_selected`,
    done: `payments.done.${name}`,
    failed: `payments.failed.${name}`,
    confirm: `payments.confirm.${name}`,
    when: flag(t.flag),
    bulkWhen: flag(t.flag, 'payments.bulk_reasons'),
    bulk: true,
    bulkHotkey: t.hotkey,
    roles: transitionRoles(name),
    onRecordPage: true,
  };
}

/**
 * Reads the payee again from the contract vendor (DOMAIN.md "Payment run" step 6), for payments no file
 * holds yet: after the vendor's account was corrected, before the bank file is made.
 */
const refreshPayee: ResourceAction<Payment> = {
  name: 'refresh_payee',
  title: 'payments.commands.refresh_payee',
  bulkTitle: 'payments.commands.refresh_payee_selected',
  done: 'payments.done.refresh_payee',
  failed: 'payments.failed.refresh_payee',
  confirm: 'payments.confirm.refresh_payee',
  when: flag('can_refresh_payee'),
  bulkWhen: flag('can_refresh_payee', 'payments.bulk_reasons'),
  bulk: true,
  roles: FLAG_ROLES.can_refresh_payee,
  onRecordPage: true,
};

/** The payment of a row menu (payments list, a payout's payments), or of the payment's own page. */
export const paymentOf = (ctx: CommandContext): Payment | undefined => rowOf<Payment>(ctx, R) ?? (ctx.entity?.resource === R ? (ctx.entity.record as unknown as Payment) : undefined);

/** A dialog where the screen mounts one; elsewhere the payment's details page, which does. */
function openDialog(ctx: CommandContext, dialog: PaymentDialog) {
  paymentDialog.openAt(dialog, routePath('payments.show', { id: dialog.payment.id }), ctx.navigate);
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
    actions: [...(Object.keys(TRANSITIONS) as TransitionName[]).map(transition), refreshPayee],
  }),
  paymentCommand('attach_invoice', FLAG_ROLES.can_attach_invoice, flag('can_attach_invoice'), (ctx, payment) => openDialog(ctx, { kind: 'attach_invoice', payment })),
  paymentCommand('verify_invoice', FLAG_ROLES.can_be_verified, flag('can_be_verified'), (ctx, payment) => openDialog(ctx, { kind: 'verify_invoice', payment })),
  paymentCommand('invalidate_invoice', FLAG_ROLES.can_be_verified, flag('can_be_verified'), async (ctx, p) => {
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
  paymentCommand('cancel', FLAG_ROLES.can_be_cancelled, flag('can_be_cancelled'), (ctx, payment) => openDialog(ctx, { kind: 'cancel', payment })),
  downloadCommand('download_invoice', DETAIL_ROLES, 'invoice', (p) => p.invoice_url, 'payments.reasons.no_invoice', 'invoice'),
  downloadCommand('download_credit_note', CREDIT_NOTE_ROLES, 'self_billing', (p) => p.credit_note_url, 'payments.reasons.no_credit_note', 'credit-note'),
];

export const paymentsLookups: Lookup[] = [
  // The palette's bounded lookup (id, reference, its start, then a part of it), not the list with its count.
  recordLookup<PaymentLookup>({
    id: R,
    title: 'payments.lookup',
    roles: DETAIL_ROLES,
    path: `${API}/palette`,
    label: (p) => p.reference,
    detail: (p) => `${p.vendor.name} · ${p.total_amount} ${p.currency}`,
    href: (id) => routePath('payments.show', { id }),
  }),
];
