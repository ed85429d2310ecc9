import { useMemo } from 'react';
import { useInitData } from '../../api/init-data';

/** Content owners' display names by record id, from the init data. */
export function useOwnerNames(): (id: number | null | undefined) => string {
  const { content_owners } = useInitData();
  return useMemo(() => {
    const names = new Map(content_owners.map((o) => [o.id, o.display_name]));
    return (id) => (id === null || id === undefined ? '' : (names.get(id) ?? String(id)));
  }, [content_owners]);
}
