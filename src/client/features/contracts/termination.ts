import type { Contract } from './contract';

/** Whether the contract has a termination request on its way (not refused, the contract not yet terminated). */
export const terminationPending = (c: Pick<Contract, 'state' | 'termination_request'>): boolean =>
  Boolean(c.termination_request) && c.termination_request!.state !== 'rejected' && c.state !== 'terminated';
