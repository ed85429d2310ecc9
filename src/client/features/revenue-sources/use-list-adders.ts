import { useEffect } from 'react';
import type { ResourceFormApi } from '../../kit/form';
import { registerListAdder } from './list-adders';

/** How many frames to wait for a tab's panel to show its list. */
const FRAMES = 30;

/**
 * Makes the add commands work on this form: each opens its list's tab (by hash, as the tabs read it)
 * and presses the list's own Add button, which adds the item and focuses its first field.
 */
export function useListAdders(form: ResourceFormApi, lists: Record<string, { tab: string; enabled: boolean }>): void {
  const { formRef } = form;
  const key = JSON.stringify(lists);
  useEffect(() => {
    const stops = Object.entries(lists).map(([list, { tab, enabled }]) =>
      registerListAdder(list, () => {
        if (!enabled) return;
        const { pathname, search } = window.location;
        window.history.replaceState(window.history.state, '', `${pathname}${search}#${tab}`);
        window.dispatchEvent(new HashChangeEvent('hashchange'));
        let frames = 0;
        const press = () => {
          const button = formRef.current?.querySelector<HTMLButtonElement>(`[data-list="${list}"] > div > [data-list-add]`);
          if (button && !button.disabled) button.click();
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
