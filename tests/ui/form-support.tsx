import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { translationsAtom, type Translations } from '../../src/client/lib/i18n';
import { englishTranslations, renderApp, type RenderAppOptions } from '../support/render';

/** Extra English texts a screen would bring (the kit's own come from locales/en/form.json). */
export const screenTexts: Translations = {
  banks: {
    created: 'Bank successfully created',
    saved: 'Bank successfully saved',
    fields: { name: 'Name', street: 'Street', postal_code: 'Postal code', city: 'City', country_code: 'Country', bic: 'BIC', bank_key: 'Bank key', amount: 'Amount', contacts: { email: 'E-mail' } },
    lists: { contacts: 'Contacts' },
  },
};

function merge(a: Translations, b: Translations): Translations {
  const out: Translations = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = typeof v === 'object' && typeof out[k] === 'object' ? merge(out[k] as Translations, v) : v;
  return out;
}

/** renderApp with a fresh SWR cache and the screen's texts added to the real translations. */
export function renderForm(ui: ReactElement, opts: RenderAppOptions & { texts?: Translations } = {}) {
  const r = renderApp(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>, opts);
  act(() => r.store.set(translationsAtom, merge(merge(englishTranslations(), screenTexts), opts.texts ?? {})));
  return r;
}

export interface StubCall {
  method: string;
  url: string;
  body: unknown;
}
type Answer = { status: number; body?: unknown } | undefined;

/**
 * A tiny stand-in for the API: `answer(call)` returns status and body per request; every request is
 * recorded (JSON bodies parsed, FormData kept as is).
 */
export function stubApi(answer: (call: StubCall) => Answer | Promise<Answer>) {
  const calls: StubCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = init.body;
    const call: StubCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input),
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const res = (await answer(call)) ?? { status: 404 };
    if (res.status === 204 || res.body === undefined) return new Response(null, { status: res.status });
    return new Response(JSON.stringify(res.body), { status: res.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

