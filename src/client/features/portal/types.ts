/** Vendor-portal content as the server sends it (spec 1, section 3). */
export interface PortalFaqSection {
  id: number;
  name: string;
  locale: string;
  created_at: string;
}

export interface PortalFaq {
  id: number;
  title: string;
  body: string;
  locale: string;
  portal_faq_section_id: number;
  portal_faq_section: { id: number; name: string; locale: string };
  created_at: string;
}

export interface PortalPage {
  id: number;
  name: string;
  locale: string;
  title: string;
  body: string;
  created_at: string;
}

/** What the FAQ form's section select is filled from: `GET /portal-faq-sections/lookup?locale=de`. */
export interface SectionOption {
  id: number;
  name: string;
}
