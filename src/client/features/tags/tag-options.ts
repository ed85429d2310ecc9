import useSWR from 'swr';
import { api } from '../../api/client';

/**
 * The tags a vendor or contract form offers: from the lookup every signed-in user may read (the tags
 * list itself is for admins, so a contracts or vendors user got a 403 there), by name.
 */
export function useTagOptions(): { value: string; label: string }[] {
  const { data } = useSWR<{ id: number; name: string }[]>(['/api/tags/lookup', 'form'], () => api.get('/api/tags/lookup', { q: '' }), { revalidateOnFocus: false });
  return (data ?? []).map((x) => ({ value: String(x.id), label: x.name }));
}
