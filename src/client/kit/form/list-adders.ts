import { useEffect } from 'react';
import type { ResourceFormApi } from './use-resource-form';

/**
 * Add commands ("add registration", "add vendor") live in the registry, the lists in a form: the mounted
 * form registers what adding to each of its lists does, a command asks for it.
 */
type Adder = () => void;
const adders = new Map<string, Adder>();

/** The form's adder for a list while it is mounted; answers the function that removes it. */
export function registerListAdder(list: string, add: Adder): () => void {
  adders.set(list, add);
  return () => {
    if (adders.get(list) === add) adders.delete(list);
  };
}

/** Whether a mounted form can add to the list (the command is hidden elsewhere). */
export const hasListAdder = (list: string): boolean => adders.has(list);

export function requestListAdd(list: string): void {
  adders.get(list)?.();
}

/** How many frames to wait for a tab's panel to show its list. */
const FRAMES = 30;

export interface ListAdderTarget {
  /** The tab (by hash) that shows the list. */
  tab: string;
  enabled: boolean;
  /** The list's own Add button; by default the kit's field list's. */
  button?: string;
}

/**
 * Makes a form's add commands work: each opens its list's tab (by hash, as the form tabs read it) and
 * presses the list's own Add button, which adds the item and focuses it as a click would.
 */
export function useListAdders(form: Pick<ResourceFormApi, 'formRef'>, lists: Record<string, ListAdderTarget>): void {
  const { formRef } = form;
  const key = JSON.stringify(lists);
  useEffect(() => {
    const stops = Object.entries(lists).map(([list, { tab, enabled, button }]) =>
      registerListAdder(list, () => {
        if (!enabled) return;
        const { pathname, search } = window.location;
        window.history.replaceState(window.history.state, '', `${pathname}${search}#${tab}`);
        window.dispatchEvent(new HashChangeEvent('hashchange'));
        let frames = 0;
        const press = () => {
          const target = formRef.current?.querySelector<HTMLButtonElement>(button ?? `[data-list="${list}"] > div > [data-list-add]`);
          if (target && !target.disabled) target.click();
          else if (++frames < FRAMES) requestAnimationFrame(press);
        };
        requestAnimationFrame(press);
      }),
    );
    return () => stops.forEach((stop) => stop());
    // `lists` is read through its JSON key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, formRef]);
}
