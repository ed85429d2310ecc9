import { createStore, Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { registerCommands } from '../../commands/registry';
import enGrid from '../../locales/en/grid.json';
import { CommandEnvironmentProvider, type CommandEnvironment } from './commands/context';
import { GridBenchPage, PlainTableBenchPage } from './kit/grid/bench-page';
import { makeTranslate, translationsAtom, type Translations } from './lib/i18n';
import './index.css';

/**
 * Entry of bench.html: `?grid=kit` (default) renders the DataGrid with 100,000 rows, `?grid=plain` the
 * same rows as a plain table. No server: translations come from the bundle, commands are stubs (one row
 * command, so the row-menu column is measured too).
 */
const which = new URLSearchParams(location.search).get('grid') === 'plain' ? 'plain' : 'kit';
const translations = enGrid as Translations;
const store = createStore();
store.set(translationsAtom, translations);

registerCommands([{ id: 'bench.show', title: 'grid.bench.show', group: 'grid.bench.title', scope: { resource: 'bench', kind: 'row' }, run: () => {} }]);

const env: CommandEnvironment = {
  path: '/bench',
  params: {},
  roles: ['admin'],
  navigate: () => {},
  t: makeTranslate(translations),
  services: {
    confirm: async () => true,
    notify: () => {},
    invalidate: () => {},
    focusSearch: () => {},
    openPalette: () => {},
    openHelp: () => {},
    toggleTheme: () => {},
    setLanguage: () => {},
    signOut: async () => {},
  },
};

createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <CommandEnvironmentProvider value={env}>{which === 'plain' ? <PlainTableBenchPage /> : <GridBenchPage />}</CommandEnvironmentProvider>
  </Provider>,
);
