import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/** What the current page adds to the frame: a label for its own crumb, and whether it has a search box. */
export interface PageChrome {
  crumb?: string;
  search?: boolean;
}

export const pageChromeAtom = atom<PageChrome>({});

/** A page declares its chrome while it is shown: `usePageChrome({search: true})`. */
export function usePageChrome(chrome: PageChrome): void {
  const set = useSetAtom(pageChromeAtom);
  useEffect(() => {
    set(chrome);
    return () => set({});
  }, [set, chrome.crumb, chrome.search]); // eslint-disable-line react-hooks/exhaustive-deps
}
