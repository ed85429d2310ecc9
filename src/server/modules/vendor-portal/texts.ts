/**
 * The portal's own words, in the vendor's language (the vendor's `language`; languages without a
 * translation here read English). The portal's pages and FAQs come from the portal module per locale.
 */
const TEXTS = {
  en: {
    portal: 'Vendor portal',
    signed_in_as: 'Signed in as {name} ({email})',
    on_behalf: 'Opened by {staff} on your behalf',
    pages: 'Information',
    faqs: 'Frequently asked questions',
    no_pages: 'There are no pages yet.',
    no_faqs: 'There are no questions yet.',
    not_signed_in: 'Your portal session has ended or the sign-in link was already used. Please open the portal again.',
    confirm_title: 'Confirm your e-mail address',
    confirm_intro: 'Confirm {email} to access the vendor portal of {vendor}.',
    confirm_button: 'Confirm e-mail address',
    confirmed: 'Thank you: {email} is confirmed.',
    confirm_invalid: 'This confirmation link is not valid any more. Ask your contact person to send a new one.',
    mail_subject: 'Confirm your e-mail address for the {vendor} vendor portal',
    mail_body: 'Hello {name},\n\nyou have been given access to the vendor portal of {vendor}. Confirm your e-mail address here (the link works once):\n{link}\n',
  },
  de: {
    portal: 'Lieferantenportal',
    signed_in_as: 'Angemeldet als {name} ({email})',
    on_behalf: 'In Ihrem Namen geöffnet von {staff}',
    pages: 'Informationen',
    faqs: 'Häufige Fragen',
    no_pages: 'Es gibt noch keine Seiten.',
    no_faqs: 'Es gibt noch keine Fragen.',
    not_signed_in: 'Ihre Portal-Sitzung ist beendet oder der Anmeldelink wurde bereits verwendet. Bitte öffnen Sie das Portal erneut.',
    confirm_title: 'E-Mail-Adresse bestätigen',
    confirm_intro: 'Bestätigen Sie {email}, um das Lieferantenportal von {vendor} zu nutzen.',
    confirm_button: 'E-Mail-Adresse bestätigen',
    confirmed: 'Vielen Dank: {email} ist bestätigt.',
    confirm_invalid: 'Dieser Bestätigungslink ist nicht mehr gültig. Bitten Sie Ihre Ansprechperson um einen neuen.',
    mail_subject: 'Bestätigen Sie Ihre E-Mail-Adresse für das Lieferantenportal von {vendor}',
    mail_body: 'Hallo {name},\n\nSie haben Zugang zum Lieferantenportal von {vendor} erhalten. Bestätigen Sie hier Ihre E-Mail-Adresse (der Link funktioniert einmal):\n{link}\n',
  },
} as const;

export type TextKey = keyof (typeof TEXTS)['en'];

export function portalText(language: string, key: TextKey, vars: Record<string, string> = {}): string {
  const table = language in TEXTS ? TEXTS[language as keyof typeof TEXTS] : TEXTS.en;
  return table[key].replace(/\{(\w+)\}/g, (m, name: string) => vars[name] ?? m);
}

/** The page's `lang`: the vendor's language when the texts exist in it, else English. */
export const pageLanguage = (language: string) => (language in TEXTS ? language : 'en');
