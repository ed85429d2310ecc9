import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const UnallocatedRevenuesList = lazy(() => import('./unallocated-revenues-list'));

/** Screens of this area by route id (lazily loaded). */
export const unallocatedRevenuesScreens: Record<string, ComponentType<ScreenProps>> = {
  'unallocated_revenues.list': UnallocatedRevenuesList,
};
