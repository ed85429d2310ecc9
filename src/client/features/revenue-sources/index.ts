import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const RevenueSourcesList = lazy(() => import('./revenue-sources-list'));
const RevenueSourceShow = lazy(() => import('./revenue-source-show'));
const RevenueSourceForm = lazy(() => import('./revenue-source-form'));

/** Screens of this area by route id (lazily loaded); /revenue-sources opens the channel list. */
export const revenueSourcesScreens: Record<string, ComponentType<ScreenProps>> = {
  'revenue_sources.list': lazy(() => import('./redirect-to-channels')),
  'revenue_sources.youtube_channel': RevenueSourcesList,
  'revenue_sources.youtube_label': RevenueSourcesList,
  'revenue_sources.show': RevenueSourceShow,
  'revenue_sources.new_channel': RevenueSourceForm,
  'revenue_sources.new_label': RevenueSourceForm,
  'revenue_sources.edit': RevenueSourceForm,
};
