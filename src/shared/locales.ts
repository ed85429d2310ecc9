/** Locales of portal content and legal imprints (spec 1, section 3). */
export const CONTENT_LOCALES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pl'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

/** Languages the application itself is translated into. */
export const UI_LANGUAGES = ['en', 'de'] as const;
