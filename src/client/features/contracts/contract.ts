import type { Contract as ContractEntity, ContractVendor as ContractVendorEntity, RevenueShare as RevenueShareEntity, TerminationRequest as TerminationEntity } from '../../../shared/entities/contract';
import type { Versioned } from '../../../shared/entities/versioned';

/** A contract as the server sends it (spec 2, 3; GET /api/contracts/:id and each list entry), with its version. */
export type Contract = Versioned<ContractEntity>;
export type ContractVendor = ContractVendorEntity;
export type RevenueShare = RevenueShareEntity;
export type TerminationRequest = TerminationEntity;
