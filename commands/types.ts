/**
 * A command is data (DESIGN principle 2): buttons, row menus, toolbars, the palette, hotkeys and the
 * help sheet all read the same registry, so a role check or an enable rule exists in one place.
 */
export type Availability = { enabled: true } | { enabled: false; reason: string } | { hidden: true };

export interface Selection<Row = unknown> {
  /** The resource the rows belong to, e.g. `banks`. */
  resource: string;
  ids: (number | string)[];
  rows: Row[];
}

export interface CommandContext {
  /** Current path (without query) and its parameters from the route table. */
  path: string;
  params: Record<string, string>;
  roles: readonly string[];
  /** The row(s) a row menu or a bulk toolbar is for; the grid's selection otherwise. */
  selection?: Selection;
  /** The record an edit or show page is about, with the server's flags. */
  entity?: { resource: string; id: number | string; record: Record<string, unknown> };
  navigate(to: string): void;
  t(key: string, vars?: Record<string, string | number>): string;
  /** Services the shell provides to commands (confirm dialogs, snackbars, reloading lists). */
  services: CommandServices;
}

export interface CommandServices {
  /** Asks a yes/no question; `confirmLabel` (a translation key) names what the confirming button does. */
  confirm(message: string, options?: { confirmLabel?: string; danger?: boolean }): Promise<boolean>;
  notify(kind: 'success' | 'warning' | 'error', message: string): void;
  /** Tells lists of a resource to reload (after a delete or a bulk action). */
  invalidate(resource: string): void;
  focusSearch(): void;
  openPalette(): void;
  openHelp(): void;
  toggleTheme(): void;
  setLanguage(lng: string): void;
  signOut(): Promise<void>;
}

export interface Command {
  id: string;
  /** Translation key of the title. */
  title: string;
  /** Translation key of the group in the palette and help sheet. */
  group: string;
  /**
   * Key combinations (`mod+k`, `?`) or sequences (`g a b`); several may lead to one command. `mod+` works
   * everywhere, even in fields; `ctrl+` only on Home (the spec's area keys).
   */
  hotkey?: string | readonly string[];
  /** Roles of which the user needs one; empty or absent = anyone signed in. `admin` passes. */
  roles?: readonly string[];
  /** Where the command applies and whether it is enabled here (absent = everywhere, enabled). */
  when?(ctx: CommandContext): Availability;
  run(ctx: CommandContext): void | Promise<void>;
  /** Extra words the palette matches on. */
  keywords?: string[];
  /**
   * Shown in row menus of this resource (`row`) or the bulk toolbar (`bulk`). A row command with
   * `onRecordPage` also runs on the record's own pages (details, edit): the palette offers it there.
   */
  scope?: { resource: string; kind: 'row' | 'bulk' | 'page'; onRecordPage?: boolean };
}
