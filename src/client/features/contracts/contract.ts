import type { Amendment as AmendmentEntity } from '../../../shared/entities/amendment';
import type {
  Contract as ContractEntity,
  ContractVendor as ContractVendorEntity,
  RevenueShare as RevenueShareEntity,
  TerminationRequest as TerminationEntity,
} from '../../../shared/entities/contract';
import type { Versioned } from '../../../shared/entities/versioned';

export type Amendment = AmendmentEntity;

/** A contract as the server sends it (spec 2, 3; GET /api/contracts/:id and each list entry), with its version. */
export type Contract = Versioned<ContractEntity>;
export type ContractVendor = ContractVendorEntity;
export type RevenueShare = RevenueShareEntity;
export type TerminationRequest = TerminationEntity;

/** A vendor row of the details' vendors section: the contract vendor with what its commands need of the contract. */
export type ContractVendorRow = ContractVendor & {
  contract_id: number;
  contract_final: boolean;
  /** Only a signed contract takes an advance (the server refuses the others). */
  contract_signed: boolean;
  /** The contract's currency (an advance is paid in it). */
  contract_currency: string;
};
