import type { VendorEmail } from './vendor';

/** IBANs and account numbers in blocks of 4 characters (spec 2, 2), spaces typed by the user dropped first. */
export function inBlocks(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** An e-mail is pending while it may access the portal, has a portal user and is not confirmed (spec 2, 4). */
export function isPending(email: Pick<VendorEmail, 'can_access_portal' | 'portal_user_id' | 'is_confirmed'> & { portal_confirmation?: VendorEmail['portal_confirmation'] }): boolean {
  if (email.portal_confirmation) return email.portal_confirmation === 'pending';
  return email.can_access_portal && email.portal_user_id !== null && email.portal_user_id !== undefined && !email.is_confirmed;
}

/** A bank method as an alternative payee offers it: account number or IBAN, plus the holder. */
export function bankMethodLabel(method: { is_sepa?: boolean; iban?: string | null; account_number?: string | null; account_holder?: string | null }): string {
  const account = method.is_sepa ? inBlocks(method.iban) : inBlocks(method.account_number);
  return [account, method.account_holder].filter(Boolean).join(' · ');
}

/** Staff may open the portal as this e-mail: it has a portal user whose confirmation is done (spec 2, 2). */
export function canOpenPortal(email: Pick<VendorEmail, 'can_access_portal' | 'portal_confirmation'>): boolean {
  return email.can_access_portal && email.portal_confirmation === 'confirmed';
}
