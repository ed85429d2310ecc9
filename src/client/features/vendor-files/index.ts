import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const VendorFilesList = lazy(() => import('./vendor-files-list'));

/** Screens of this area by route id (lazily loaded). */
export const vendorFilesScreens: Record<string, ComponentType<ScreenProps>> = {
  'vendor_files.list': VendorFilesList,
};
