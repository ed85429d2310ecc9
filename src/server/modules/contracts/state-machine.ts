import type { AmendmentState } from '../../../shared/entities/amendment.js';
import type { ContractState } from '../../../shared/entities/contract.js';
import { hasAnyRole } from '../../../shared/roles.js';

/**
 * The contract's states and who moves them (DOMAIN.md "Contracts"), in one place: the routes ask this
 * file whether a transition is allowed, on the locked row, and the answered flags come from here too.
 */

/** Writing and submitting contracts. */
export const WRITE_ROLES = ['contracts'] as const;
/** Reading a contract (details): contracts, contracts_approve or contracts_admin (and the legacy approver). */
export const READ_ROLES = ['contracts', 'contracts_approve', 'contracts_admin', 'approve_contracts'] as const;
/** Approving and rejecting (the legacy `approve_contracts` is the same right). */
export const APPROVE_ROLES = ['contracts_approve', 'approve_contracts'] as const;
/** Uploading the signed document. */
export const SIGN_ROLES = ['contracts', 'contracts_admin'] as const;
/** Cancelling with a comment. */
export const CANCEL_ROLES = ['contracts_admin'] as const;
/** Pausing and resuming a contract vendor's payouts. */
export const HOLD_ROLES = ['contracts', 'contracts_admin'] as const;
/** Pro report templates. */
export const PRO_TEMPLATE_ROLES = ['contracts_admin'] as const;

export type ContractTransition = 'submit' | 'approve' | 'reject' | 'sign' | 'cancel' | 'terminate';

interface TransitionRule {
  from: readonly ContractState[];
  to: ContractState;
  roles: readonly string[];
}

export const TRANSITIONS: Record<ContractTransition, TransitionRule> = {
  /** Save with `submit_for_approval`. */
  submit: { from: ['draft', 'rejected'], to: 'approval_pending', roles: WRITE_ROLES },
  approve: { from: ['approval_pending'], to: 'signing_pending', roles: APPROVE_ROLES },
  reject: { from: ['approval_pending'], to: 'rejected', roles: APPROVE_ROLES },
  sign: { from: ['signing_pending'], to: 'signed', roles: SIGN_ROLES },
  /** From signing_pending it ends as signing_cancelled (see `cancelledState`). */
  cancel: { from: ['draft', 'approval_pending', 'rejected', 'signed', 'signing_pending'], to: 'cancelled', roles: CANCEL_ROLES },
  /** Its approved termination request's `terminate_on` has come (termination requests, a later step). */
  terminate: { from: ['signed'], to: 'terminated', roles: APPROVE_ROLES },
};

/** Where a transition leads from `state`. */
export function targetState(transition: ContractTransition, state: ContractState): ContractState {
  if (transition === 'cancel' && state === 'signing_pending') return 'signing_cancelled';
  return TRANSITIONS[transition].to;
}

/** Whether `transition` leaves `state` at all. */
export const allowedFrom = (transition: ContractTransition, state: ContractState): boolean => TRANSITIONS[transition].from.includes(state);

/** Whether a user with `roles` may run `transition` (admin passes every check). */
export const allowedFor = (transition: ContractTransition, roles: readonly string[]): boolean => hasAnyRole(roles, TRANSITIONS[transition].roles);

export const EDITABLE_STATES: readonly ContractState[] = ['draft', 'rejected'];
export const DELETABLE_STATES: readonly ContractState[] = ['draft', 'rejected'];
export const FINAL_STATES: readonly ContractState[] = ['signed', 'terminated', 'cancelled', 'signing_cancelled'];
/** States whose contract covers payout months (DOMAIN.md "active range"). */
export const ACTIVE_STATES: readonly ContractState[] = ['signed', 'terminated'];

/** The flags the API answers, for this state and viewer. */
export function stateFlags(state: ContractState, roles: readonly string[]) {
  const can = (t: ContractTransition) => allowedFrom(t, state) && allowedFor(t, roles);
  return {
    state_editable: EDITABLE_STATES.includes(state),
    state_deletable: DELETABLE_STATES.includes(state),
    state_final: FINAL_STATES.includes(state),
    can_submit_for_approval: allowedFrom('submit', state),
    can_approve: can('approve'),
    can_reject: can('reject'),
    can_cancel: can('cancel'),
    can_sign: can('sign'),
    can_create_amendment: amendableContract(state) && hasAnyRole(roles, AMENDMENT_WRITE_ROLES),
  };
}

/* Amendments (spec 2, section 4 "Amendment"; DOMAIN.md: "reached the same way"). */

/** The amendment form, create, update and delete: contracts or contracts_admin (admin passes). */
export const AMENDMENT_WRITE_ROLES = ['contracts', 'contracts_admin'] as const;
/** Applying a signed amendment to its contract. */
export const APPLY_ROLES = ['contracts_admin'] as const;

export type AmendmentTransition = 'submit' | 'approve' | 'reject' | 'sign' | 'cancel' | 'apply';

export const AMENDMENT_TRANSITIONS: Record<AmendmentTransition, { from: readonly AmendmentState[]; to: AmendmentState; roles: readonly string[] }> = {
  submit: { from: ['draft', 'rejected'], to: 'approval_pending', roles: AMENDMENT_WRITE_ROLES },
  approve: { from: ['approval_pending'], to: 'signing_pending', roles: APPROVE_ROLES },
  reject: { from: ['approval_pending'], to: 'rejected', roles: APPROVE_ROLES },
  sign: { from: ['signing_pending'], to: 'signed', roles: SIGN_ROLES },
  cancel: { from: ['signing_pending'], to: 'signing_cancelled', roles: CANCEL_ROLES },
  /** Only once apply_on has come (see `amendmentFlags`). */
  apply: { from: ['signed'], to: 'applied', roles: APPLY_ROLES },
};

export const AMENDMENT_EDITABLE_STATES: readonly AmendmentState[] = ['draft', 'rejected'];

export const amendmentAllowedFrom = (t: AmendmentTransition, state: AmendmentState): boolean => AMENDMENT_TRANSITIONS[t].from.includes(state);
export const amendmentAllowedFor = (t: AmendmentTransition, roles: readonly string[]): boolean => hasAnyRole(roles, AMENDMENT_TRANSITIONS[t].roles);

/** Today as the server counts days (UTC), `yyyy-MM-dd`: apply_on is compared with it. */
export const todayIso = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Whether the amendment's day has come: apply_on is today or earlier. */
export const applyOnReached = (applyOn: string | null, today = todayIso()): boolean => applyOn !== null && applyOn <= today;

/** A contract takes amendments once final (spec 2, section 4). */
export const amendableContract = (state: ContractState): boolean => FINAL_STATES.includes(state);

/** The amendment flags the API answers, for its state and contract and this viewer. */
export function amendmentFlags(a: { state: AmendmentState; apply_on: string | null }, contractState: ContractState, roles: readonly string[], today = todayIso()) {
  const can = (t: AmendmentTransition) => amendmentAllowedFrom(t, a.state) && amendmentAllowedFor(t, roles);
  return {
    state_editable: AMENDMENT_EDITABLE_STATES.includes(a.state),
    state_deletable: AMENDMENT_EDITABLE_STATES.includes(a.state),
    can_submit_for_approval: amendmentAllowedFrom('submit', a.state),
    can_approve: can('approve'),
    can_reject: can('reject'),
    can_sign: can('sign'),
    can_cancel: can('cancel'),
    can_apply: can('apply') && amendableContract(contractState) && applyOnReached(a.apply_on, today),
  };
}
