import { deferred } from '../../kit/deferred';
import { DialogHost } from '../../kit/dialog-host';
import { addToBucketDialog } from './dialogs';

const dialog = deferred(() => import('./add-to-bucket-dialog'));

/** The payments list's "Add to payment bucket" dialog for the selection, its code loaded when it opens. */
export function AddToBucketDialog() {
  return <DialogHost target={addToBucketDialog} dialog={dialog} />;
}
