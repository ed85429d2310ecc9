import type { RevenueSourceType } from '../../../shared/entities/revenue-source';

/** Each type's list route, new route and address segment (spec 3, 2.4: hyphens in addresses, underscores in types). */
export const TYPE_ROUTES: Record<RevenueSourceType, { list: string; new: string; segment: string }> = {
  youtube_channel: { list: 'revenue_sources.youtube_channel', new: 'revenue_sources.new_channel', segment: 'youtube-channel' },
  youtube_label: { list: 'revenue_sources.youtube_label', new: 'revenue_sources.new_label', segment: 'youtube-label' },
};

export const LIST_ROUTES = [TYPE_ROUTES.youtube_channel.list, TYPE_ROUTES.youtube_label.list] as const;

/** The type a route stands for (`revenue_sources.new_label` → `youtube_label`). */
export function typeOfRoute(routeId: string): RevenueSourceType {
  return routeId.endsWith('label') ? 'youtube_label' : 'youtube_channel';
}
