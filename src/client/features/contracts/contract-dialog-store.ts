import { useSyncExternalStore } from 'react';

/**
 * Which contract dialog is open: a command asks, the `<ContractDialogs>` that the contract screens
 * mount answers. Kept apart from the dialogs so the commands do not load their code.
 */
export type ContractDialog =
  | { kind: 'reject' | 'cancel' | 'sign' | 'terminate'; contractId: number }
  | {
      kind: 'pause';
      contractId: number;
      contractVendorId: number;
      vendorName: string;
    }
  | {
      kind: 'record_advance';
      contractId: number;
      contractVendorId: number;
      vendorId: number;
      vendorName: string;
      /** The contract's currency, the advance's. */
      currency: string;
    }
  | { kind: 'reject_termination'; contractId: number; requestId: number }
  | {
      kind: 'reject_amendment' | 'cancel_amendment' | 'sign_amendment';
      contractId: number;
      amendmentId: number;
    };

let open: ContractDialog | null = null;
let hosts = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Opens a dialog where a host is mounted; false elsewhere (the caller goes to the contract's page). */
export function openContractDialog(dialog: ContractDialog): boolean {
  if (hosts === 0) return false;
  open = dialog;
  emit();
  return true;
}

export function closeContractDialog(): void {
  open = null;
  emit();
}

export function useContractDialog(): ContractDialog | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => null,
  );
}

/** A mounted host counts itself, so a command knows whether it can open a dialog here. */
export function registerContractDialogHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0) open = null;
  };
}
