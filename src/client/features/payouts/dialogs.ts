import type { Payout, PayoutFile } from '../../../shared/entities/payout';
import { dialogTarget } from '../../kit/dialog-target';

/**
 * The payout screens' dialogs, opened by commands and shown by the show page. Kept apart from the
 * dialogs' code, so the commands load none of it.
 */
export const uploadDialog = dialogTarget<Payout>();
export const previewDialog = dialogTarget<PayoutFile>();
export const revenueTypesDialog = dialogTarget<{ payout: Payout; mode: 'allocate' | 'delete' }>();
