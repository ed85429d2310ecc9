import { mutate } from 'swr';

/** The SWR key of the small request that asks whether files are still being made. */
export const PENDING_KEY = ['/api/vendor_files', 'pending'] as const;

let scheduled = false;

/**
 * After `create_all`: ask again at once, and reload the list when the answer says nothing is pending,
 * even when the jobs were done before any answer said they were pending.
 */
export function filesScheduled(): void {
  scheduled = true;
  void mutate(PENDING_KEY);
}

/** Whether files were scheduled since the last call. */
export function takeScheduled(): boolean {
  const was = scheduled;
  scheduled = false;
  return was;
}
