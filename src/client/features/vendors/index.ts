import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const VendorsList = lazy(() => import('./vendors-list'));
const VendorShow = lazy(() => import('./vendor-show'));
const VendorForm = lazy(() => import('./vendor-form'));

/** Screens of this area by route id (lazily loaded); the three list tabs are one screen. */
export const vendorsScreens: Record<string, ComponentType<ScreenProps>> = {
  'vendors.list': VendorsList,
  'vendors.confirmation_pending': VendorsList,
  'vendors.managed_by_me': VendorsList,
  'vendors.show': VendorShow,
  'vendors.new': VendorForm,
  'vendors.edit': VendorForm,
};
