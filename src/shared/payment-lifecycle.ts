import type { PaymentFlags, PaymentState, PaymentType } from './entities/payment.js';
import { hasAnyRole } from './roles.js';

/**
 * The payment lifecycle of DOMAIN.md as data, the one source for server and client: per state, which
 * flags can be true; per flag, the roles it needs (spec 3, section 6); per state-only transition, its
 * flag and the state it goes to. `paymentFlags` decides the flags: the server's read answers them and
 * every action checks its flag with it on the locked row; the commands (commands/payments.ts) take
 * their roles and transitions from here. Admin passes every role.
 */

export type PaymentFlag = keyof PaymentFlags;

/** Reading the whole list (spec 3, 6: payments or admin). */
export const LIST_ROLES = ['payments'] as const;
/** Listing one contract's or vendor's payments (spec 2, 6: payments, payments_admin or admin). */
export const SCOPED_LIST_ROLES = ['payments', 'payments_admin'] as const;
/** The filters that make a list one contract's or one vendor's payments. */
const SCOPE_FILTERS = ['contract_id', 'vendor_id', 'contract_vendor_vendor_id'];

/** A holder of `SCOPED_LIST_ROLES` but not `LIST_ROLES` lists only with a contract or vendor filter. */
export function scopedListAllowed(roles: readonly string[], conditions: readonly { name: string; op: string }[]): boolean {
  if (hasAnyRole(roles, LIST_ROLES)) return true;
  return hasAnyRole(roles, SCOPED_LIST_ROLES) && conditions.some((c) => SCOPE_FILTERS.includes(c.name) && (c.op === 'eq' || c.op === 'in'));
}
/** Reading a payment's details (spec 3, 6). */
export const DETAIL_ROLES = ['payments', 'payments_admin', 'payments_cancel', 'payments_mark_incorrect', 'payments_pause_and_resume', 'payments_verify'] as const;

/** Downloading a self-billing payment's credit note: the detail roles and bucket staff. */
export const CREDIT_NOTE_ROLES = [...DETAIL_ROLES, 'payment_buckets'] as const;

const PAUSE = ['payments_pause_and_resume'] as const;
const ADMIN = ['payments_admin'] as const;
/** Marking incorrect: the list's toolbar is for payments_admin (spec 3, 6); the details also for the role named after it. */
const INCORRECT = ['payments_admin', 'payments_mark_incorrect'] as const;
const VERIFY = ['payments_verify', 'payments_admin'] as const;
const CANCEL = ['payments_cancel', 'payments_admin'] as const;
const BUCKETS = ['payment_buckets'] as const;

/**
 * The roles each flag needs. Attaching an invoice is the step before verifying it and sits in the same
 * row menu, so it takes the verify roles (payments_verify or payments_admin); invalidating shares
 * verify's flag (spec 3, 4.1).
 */
export const FLAG_ROLES: Record<PaymentFlag, readonly string[]> = {
  can_be_added_to_bucket: BUCKETS,
  can_be_removed_from_bucket: BUCKETS,
  can_be_paused: PAUSE,
  can_be_resumed: PAUSE,
  can_cancel_export: ADMIN,
  can_be_incorrect: INCORRECT,
  can_attach_invoice: VERIFY,
  can_be_verified: VERIFY,
  can_be_paid_out: VERIFY,
  can_be_cancelled: CANCEL,
  can_refresh_payee: ADMIN,
};

/** DOMAIN.md "Payment lifecycle": the flags a state allows (before roles, type and bucket). */
export const LIFECYCLE: Record<PaymentState, readonly PaymentFlag[]> = {
  new: ['can_be_added_to_bucket', 'can_be_paused', 'can_attach_invoice', 'can_be_cancelled', 'can_refresh_payee'],
  invoice_added: ['can_be_verified', 'can_attach_invoice', 'can_be_paused', 'can_refresh_payee'],
  invoice_invalid: ['can_attach_invoice', 'can_be_paused', 'can_refresh_payee'],
  needs_correction: ['can_be_cancelled', 'can_be_paused', 'can_refresh_payee'],
  payout_pending: ['can_be_paid_out', 'can_be_incorrect', 'can_be_paused', 'can_refresh_payee'],
  exported: ['can_cancel_export', 'can_be_paid_out', 'can_be_incorrect'],
  paid_out: ['can_be_cancelled'],
  on_hold: ['can_be_resumed', 'can_refresh_payee'],
  incorrect: ['can_be_cancelled'],
  cancelled: [],
};

/** A payment can leave its bucket until its payment file is made (exported) or it is settled. */
const BUCKET_REMOVABLE_STATES: readonly PaymentState[] = ['new', 'invoice_added', 'invoice_invalid', 'needs_correction', 'payout_pending', 'on_hold'];

/** Cancelling a paid or incorrect payment creates a reversal (DOMAIN.md). */
export const REVERSED_ON_CANCEL: readonly PaymentState[] = ['paid_out', 'incorrect'];

export interface FlagInput {
  state: PaymentState;
  type: PaymentType;
  /** The payment's bucket id, or null. */
  bucketId: number | null;
  /** Its payment file was downloaded: the export stands (DOMAIN "Buckets and payment files"). */
  fileSent?: boolean;
  /** Its organization requires four eyes on money out. */
  fourEyes?: boolean;
  /** Who verified its invoice (null: nobody, or a self-billing payment). */
  verifiedById?: number | null;
}

/**
 * DOMAIN.md "Four-eyes on money out", the rules as the reasons of flags and refusals: whoever verified
 * an invoice does not pay that payment out; whoever published a bucket or verified one of its payments
 * does not create its payment files.
 */
export const FOUR_EYES_RULES = ['four_eyes_verifier_pays_out', 'four_eyes_publisher_creates_files', 'four_eyes_verifier_creates_files'] as const;
export type FourEyesRule = (typeof FOUR_EYES_RULES)[number];

/** The four-eyes rule that keeps `viewerId` from paying this payment out, if any. */
export function payOutRefusal(p: FlagInput, viewerId: number | null): FourEyesRule | null {
  return p.fourEyes && viewerId !== null && p.verifiedById === viewerId ? 'four_eyes_verifier_pays_out' : null;
}

/** Why flags the state and roles allow are false for this viewer nonetheless (four eyes), by flag. */
export type FlagReasons = Partial<Record<PaymentFlag, FourEyesRule>>;

/** Whether the state (with type and bucket) allows `flag`, whoever asks. */
export function stateAllows(flag: PaymentFlag, p: FlagInput): boolean {
  switch (flag) {
    // Only invoice payments take an invoice; self billing gets a credit note, a reversal neither.
    case 'can_attach_invoice':
      return p.type === 'invoice' && LIFECYCLE[p.state].includes(flag);
    // A reversal is itself the undoing of a cancelled payment: it is not cancelled in turn, and pays nobody.
    // A paid advance is what the balance recoups from later earnings: undoing it is that recoupment, so it
    // is cancelled only before it is paid (its amount then returns to the balance).
    case 'can_be_cancelled':
      return p.type !== 'reversal' && !(p.type === 'advance' && REVERSED_ON_CANCEL.includes(p.state)) && LIFECYCLE[p.state].includes(flag);
    case 'can_be_incorrect':
      return p.type !== 'advance' && LIFECYCLE[p.state].includes(flag);
    case 'can_refresh_payee':
      return p.type !== 'reversal' && LIFECYCLE[p.state].includes(flag);
    case 'can_be_added_to_bucket':
      return p.bucketId === null && LIFECYCLE[p.state].includes(flag);
    // A downloaded file may be at the bank: its payments never go into another file.
    case 'can_cancel_export':
      return !p.fileSent && LIFECYCLE[p.state].includes(flag);
    case 'can_be_removed_from_bucket':
      return p.bucketId !== null && BUCKET_REMOVABLE_STATES.includes(p.state);
    default:
      return LIFECYCLE[p.state].includes(flag);
  }
}

/**
 * Every flag of a payment for the user `viewerId` with `roles`: the state allows it, the user holds one
 * of its roles and no four-eyes rule keeps them from it (`reasons` says which one did).
 */
export function paymentFlags(p: FlagInput, roles: readonly string[], viewerId: number | null = null): PaymentFlags & { flag_reasons: FlagReasons } {
  const flags = {} as PaymentFlags;
  for (const flag of Object.keys(FLAG_ROLES) as PaymentFlag[]) flags[flag] = stateAllows(flag, p) && hasAnyRole(roles, FLAG_ROLES[flag]);
  const flag_reasons: FlagReasons = {};
  const payOut = flags.can_be_paid_out ? payOutRefusal(p, viewerId) : null;
  if (payOut) {
    flags.can_be_paid_out = false;
    flag_reasons.can_be_paid_out = payOut;
  }
  return { ...flags, flag_reasons };
}

/**
 * The state-only transitions (DOMAIN.md "Payment lifecycle"): the flag each needs on the locked row,
 * hence its roles, and the state it leads to (`resume` returns to the state kept when pausing). All of
 * them act on a selection too, all or none. Invoices (attach, verify, invalidate) and cancel take input
 * and have their own actions; their flags and roles are above.
 */
export const TRANSITIONS = {
  pause: { flag: 'can_be_paused', to: 'on_hold', hotkey: 'shift+h' },
  resume: { flag: 'can_be_resumed', to: 'state_before_hold', hotkey: 'shift+r' },
  mark_incorrect: { flag: 'can_be_incorrect', to: 'incorrect' },
  pay_out: { flag: 'can_be_paid_out', to: 'paid_out', hotkey: 'shift+p' },
  cancel_export: { flag: 'can_cancel_export', to: 'payout_pending' },
} as const satisfies Record<string, { flag: PaymentFlag; to: PaymentState | 'state_before_hold'; hotkey?: string }>;
export type TransitionName = keyof typeof TRANSITIONS;

/** The roles of a transition: those of its flag. */
export const transitionRoles = (name: TransitionName): readonly string[] => FLAG_ROLES[TRANSITIONS[name].flag];
