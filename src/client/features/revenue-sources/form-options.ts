import { useMemo } from 'react';
import { useInitData } from '../../api/init-data';
import type { SelectOption } from '../../kit/fields';

/** Content owners as options (spec 3, 3.4): display name and internal country; inactive owners disabled. */
export function useOwnerOptions(): SelectOption[] {
  const { content_owners } = useInitData();
  return useMemo(
    () =>
      content_owners.map((o) => ({
        value: o.id,
        label: o.internal_country ? `${o.display_name} (${o.internal_country})` : o.display_name,
        disabled: !o.active,
      })),
    [content_owners],
  );
}

export function useOrganizationOptions(): SelectOption[] {
  const { organizations } = useInitData();
  return useMemo(() => organizations.map((o) => ({ value: o.id, label: o.name })), [organizations]);
}

/** The YouTube verticals in tree order, indented by depth (the init data sends them pre-ordered). */
export function useCategoryOptions(): SelectOption[] {
  const { youtube_verticals } = useInitData();
  return useMemo(
    () => (youtube_verticals as { id: number; name: string; depth?: number }[]).map((c) => ({ value: c.id, label: `${'\u2003'.repeat(c.depth ?? 0)}${c.name}` })),
    [youtube_verticals],
  );
}
