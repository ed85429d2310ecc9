import type { UnallocatedRevenue } from '../../../shared/entities/payout';
import { dialogTarget } from '../../kit/dialog-target';

/** The manual allocation dialog (spec 3, 2.5), opened by the bulk command for the selected rows. */
export const allocateDialog = dialogTarget<UnallocatedRevenue[]>();
