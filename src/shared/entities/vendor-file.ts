/** A vendor file as the API answers it (spec 2, 3 "Vendor file"). `Time` is `Date` on the server. */
export interface VendorFile<Time = string> {
  id: number;
  organization_id: number;
  organization: { id: number; name: string; number: string };
  /** The month's first day, `yyyy-MM-01`. */
  month: string;
  /** SHA-256 of the CSV, hex. */
  digest: string;
  vendor_count: number;
  file_url: string | null;
  confirmation_documents_file_url: string | null;
  created_at: Time;
}

/** The list's answer: the page, and whether files are still being made (`POST create_all` schedules jobs). */
export interface VendorFileList<Time = string> {
  entries: VendorFile<Time>[];
  total: number;
  page: number;
  size: number;
  jobs_pending: boolean;
  pending_organization_ids: number[];
}
