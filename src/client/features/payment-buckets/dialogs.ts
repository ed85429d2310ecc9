import { dialogTarget } from '../../kit/dialog-target';

/** The add-to-bucket dialog (spec 3, 2.1, 5.1), opened by the bulk command for the selected payments' ids. */
export const addToBucketDialog = dialogTarget<number[]>();
