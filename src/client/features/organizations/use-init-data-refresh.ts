import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { onInvalidate } from '../../lib/invalidate';
import { initDataAtom, loadInitData } from '../../session';

/**
 * The init data lists organizations (pickers and filters elsewhere): after a create, save or delete of
 * an organization, load it again so those lists are current without reloading the page.
 */
export function useInitDataRefresh(): void {
  const setInitData = useSetAtom(initDataAtom);
  useEffect(() => {
    const refresh = () => void loadInitData().then(setInitData, () => undefined);
    // The form reports its resource name, the delete commands the API path.
    const stops = ['organizations', '/api/organizations'].map((key) => onInvalidate(key, refresh));
    return () => stops.forEach((stop) => stop());
  }, [setInitData]);
}
