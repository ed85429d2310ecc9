import { focusNextPane, panes } from '../src/client/kit/panes';
import type { Command } from './types';

/** The page's search box: the frame's (`usePageChrome({search: true})`) or a list screen's own. */
export const PAGE_SEARCH_SELECTOR = '#page-search, [data-list-search]';

/** The list's "Columns" button (kit/grid/column-button). */
export const COLUMN_CHOOSER_SELECTOR = '[data-column-chooser]';

/** The workbench's own commands: palette, help, search, theme, language, sign out. */
export const shellCommands: Command[] = [
  {
    id: 'shell.palette',
    title: 'commands.palette',
    group: 'commands.groups.general',
    hotkey: 'mod+k',
    run: (ctx) => ctx.services.openPalette(),
  },
  {
    id: 'shell.help',
    title: 'commands.help',
    group: 'commands.groups.general',
    hotkey: '?',
    run: (ctx) => ctx.services.openHelp(),
  },
  {
    id: 'shell.search',
    title: 'commands.search',
    group: 'commands.groups.general',
    hotkey: '/',
    when: () => (document.querySelector(PAGE_SEARCH_SELECTOR) ? { enabled: true } : { enabled: false, reason: 'commands.reasons.no_search' }),
    run: (ctx) => ctx.services.focusSearch(),
  },
  {
    // Between a list and the details beside it (kit/split-pane): F6, as in desktop applications.
    id: 'shell.next_pane',
    title: 'commands.next_pane',
    group: 'commands.groups.general',
    hotkey: 'f6',
    when: () => (panes().length > 1 ? { enabled: true } : { enabled: false, reason: 'commands.reasons.no_panes' }),
    run: () => void focusNextPane(),
  },
  {
    // The list's column chooser (kit/grid/column-chooser): every column stays available, each user picks what shows.
    id: 'shell.columns',
    title: 'commands.columns',
    group: 'commands.groups.general',
    keywords: ['columns', 'spalten', 'hide', 'show'],
    when: () => (document.querySelector(COLUMN_CHOOSER_SELECTOR) ? { enabled: true } : { enabled: false, reason: 'commands.reasons.no_columns' }),
    run: () => document.querySelector<HTMLElement>(COLUMN_CHOOSER_SELECTOR)?.click(),
  },
  {
    id: 'shell.theme',
    title: 'commands.theme',
    group: 'commands.groups.general',
    hotkey: 'shift+t',
    run: (ctx) => ctx.services.toggleTheme(),
  },
  {
    id: 'shell.language.en',
    title: 'commands.language_en',
    group: 'commands.groups.general',
    keywords: ['english', 'language', 'sprache'],
    run: (ctx) => ctx.services.setLanguage('en'),
  },
  {
    id: 'shell.language.de',
    title: 'commands.language_de',
    group: 'commands.groups.general',
    keywords: ['deutsch', 'german', 'language', 'sprache'],
    run: (ctx) => ctx.services.setLanguage('de'),
  },
  {
    id: 'shell.sign_out',
    title: 'commands.sign_out',
    group: 'commands.groups.general',
    keywords: ['logout', 'log out', 'abmelden'],
    run: (ctx) => ctx.services.signOut(),
  },
];
