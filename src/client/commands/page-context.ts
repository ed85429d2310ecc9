import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { CommandContext } from '../../../commands/types';

export type PageContext = Pick<CommandContext, 'selection' | 'entity'>;

/**
 * What the current screen adds to every command context (the palette and hotkeys included): the
 * record of an edit page, so `<resource>.delete_current` works from anywhere on that page.
 */
export const pageContextAtom = atom<PageContext | undefined>(undefined);

/** A screen declares its record while it is shown; undefined declares nothing. */
export function usePageEntity(entity: CommandContext['entity'] | undefined): void {
  const set = useSetAtom(pageContextAtom);
  useEffect(() => {
    if (!entity) return;
    set({ entity });
    return () => set(undefined);
  }, [set, entity]);
}
