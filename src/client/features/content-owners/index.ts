import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const ContentOwnersList = lazy(() => import('./content-owners-list'));
const ContentOwnerDetails = lazy(() => import('./content-owner-details'));
const ContentOwnerForm = lazy(() => import('./content-owner-form'));

/** Screens of this area by route id (lazily loaded); content owners come from YouTube, so there is no create. */
export const contentOwnersScreens: Record<string, ComponentType<ScreenProps>> = {
  'content_owners.list': ContentOwnersList,
  'content_owners.show': ContentOwnerDetails,
  'content_owners.edit': ContentOwnerForm,
};
