import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const OrganizationsList = lazy(() => import('./organizations-list'));
const OrganizationForm = lazy(() => import('./organization-form'));

/** Screens of this area by route id (lazily loaded). */
export const organizationsScreens: Record<string, ComponentType<ScreenProps>> = {
  'organizations.list': OrganizationsList,
  'organizations.new': OrganizationForm,
  'organizations.edit': OrganizationForm,
};
