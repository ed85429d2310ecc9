import fs from 'node:fs';
import path from 'node:path';
import { render, type RenderOptions } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CommandEnvironmentProvider, type CommandEnvironment } from '../../src/client/commands/context';
import { translationsAtom, type Translations, makeTranslate } from '../../src/client/lib/i18n';
import { WidgetLocale } from '../../src/client/lib/widget-locale';

/** The real English translations (locales/en.json plus locales/en/*.json), as the server merges them. */
export function englishTranslations(): Translations {
  const dir = path.resolve(__dirname, '../../locales');
  const merge = (a: Translations, b: Translations): Translations => {
    const out: Translations = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = typeof v === 'object' && typeof out[k] === 'object' ? merge(out[k] as Translations, v) : v;
    return out;
  };
  let tree = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')) as Translations;
  const sub = path.join(dir, 'en');
  if (fs.existsSync(sub)) for (const f of fs.readdirSync(sub).filter((f) => f.endsWith('.json')).sort()) tree = merge(tree, JSON.parse(fs.readFileSync(path.join(sub, f), 'utf8')));
  return tree;
}

export interface RenderAppOptions extends RenderOptions {
  /** Initial address, e.g. `/admin/banks?p=2`. */
  path?: string;
  roles?: string[];
  env?: Partial<CommandEnvironment>;
  /** The jotai store (to render again with what an earlier render left in it). */
  store?: ReturnType<typeof createStore>;
}

/**
 * Renders a component as the app would: real translations, a memory router holding the address, and a
 * command environment whose services record what they were asked to do.
 */
export function renderApp(ui: ReactElement, opts: RenderAppOptions = {}) {
  const store = opts.store ?? createStore();
  const translations = englishTranslations();
  store.set(translationsAtom, translations);
  const location = memoryLocation({ path: opts.path ?? '/', record: true });
  const calls = { notify: [] as [string, string][], invalidate: [] as string[], confirm: [] as string[] };
  const env: CommandEnvironment = {
    path: (opts.path ?? '/').split('?')[0],
    params: {},
    roles: opts.roles ?? ['admin'],
    navigate: (to) => location.navigate(to),
    t: makeTranslate(translations),
    services: {
      confirm: async (m) => {
        calls.confirm.push(m);
        return true;
      },
      notify: (k, m) => calls.notify.push([k, m]),
      invalidate: (r) => calls.invalidate.push(r),
      focusSearch: () => {},
      openPalette: () => {},
      openHelp: () => {},
      toggleTheme: () => {},
      setLanguage: () => {},
      signOut: async () => {},
    },
    ...opts.env,
  };
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <CommandEnvironmentProvider value={env}>
          <WidgetLocale>{children}</WidgetLocale>
        </CommandEnvironmentProvider>
      </Router>
    </Provider>
  );
  return { ...render(ui, { wrapper: Wrapper, ...opts }), location, calls, store, env };
}
