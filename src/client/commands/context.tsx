import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { availability, getCommand, isEnabled, runCommand } from '../../../commands/registry';
import type { Availability, Command, CommandContext, CommandServices } from '../../../commands/types';

/** What the shell knows at any moment; screens add `selection` and `entity` when they build a context. */
export interface CommandEnvironment {
  path: string;
  params: Record<string, string>;
  roles: readonly string[];
  navigate(to: string): void;
  t(key: string, vars?: Record<string, string | number>): string;
  services: CommandServices;
  /** The page's own context (the record of an edit page, the selection of a list), if any. */
  page?: Pick<CommandContext, 'selection' | 'entity'>;
}

const Env = createContext<CommandEnvironment | null>(null);

export function CommandEnvironmentProvider({ value, children }: { value: CommandEnvironment; children: ReactNode }) {
  return <Env.Provider value={value}>{children}</Env.Provider>;
}

export function useCommandEnvironment(): CommandEnvironment {
  const env = useContext(Env);
  if (!env) throw new Error('useCommandEnvironment outside CommandEnvironmentProvider');
  return env;
}

export type ContextExtras = Partial<Pick<CommandContext, 'selection' | 'entity'>>;

/** Builds a command context from the environment plus what a button or menu knows (its row). */
export function useCommands() {
  const env = useCommandEnvironment();
  const context = useCallback(
    (extras: ContextExtras = {}): CommandContext => ({
      path: env.path,
      params: env.params,
      roles: env.roles,
      navigate: env.navigate,
      t: env.t,
      services: env.services,
      selection: extras.selection ?? env.page?.selection,
      entity: extras.entity ?? env.page?.entity,
    }),
    [env],
  );
  return useMemo(
    () => ({
      context,
      availability: (id: string, extras?: ContextExtras): Availability => {
        const c = getCommand(id);
        return c ? availability(c, context(extras)) : { hidden: true };
      },
      run: (id: string, extras?: ContextExtras) => runCommand(id, context(extras)),
      command: (id: string): Command | undefined => getCommand(id),
      isEnabled,
    }),
    [context],
  );
}
