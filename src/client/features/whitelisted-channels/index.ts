import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

/** Screens of this area by route id (lazily loaded). */
export const whitelistedChannelsScreens: Record<string, ComponentType<ScreenProps>> = {
  'whitelisted_channels.list': lazy(() => import('./whitelisted-channels-list')),
};
