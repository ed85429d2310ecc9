import { dialogTarget } from '../../kit/dialog-target';

/** Which vendor's change request the confirm dialog is open for (the vendor's id). */
export const confirmChangeRequest = dialogTarget<number>();

/** Which vendor's payment method the apply-to-contracts dialog is open for (none chosen yet: null). */
export const applyToContracts = dialogTarget<{ vendorId: number; methodId: number | null }>();

/** Which vendor the balance statement dialog is open for (the vendor's id). */
export const balanceStatement = dialogTarget<number>();
