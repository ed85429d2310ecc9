import type { ContactEmail, PaymentMethod, TaxInfo, Vendor as VendorEntity, VendorContact as ContactEntity, VendorListEntry } from '../../../shared/entities/vendor';
import type { Versioned } from '../../../shared/entities/versioned';

/** A vendor as the server sends it (spec 2, 3; GET /api/vendors/:id), with its version. */
export type Vendor = Versioned<VendorEntity>;
/** A row of the vendors list (no tax info, payment methods or change request; `change_request_pending` instead). */
export type VendorRow = VendorListEntry;
export type VendorContact = ContactEntity;
export type VendorEmail = ContactEmail;
export type VendorPaymentMethod = PaymentMethod;
export type VendorTaxInfo = TaxInfo;
