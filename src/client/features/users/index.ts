import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const UsersList = lazy(() => import('./users-list'));
const UserForm = lazy(() => import('./user-form'));

/** Screens of this area by route id (lazily loaded). */
export const usersScreens: Record<string, ComponentType<ScreenProps>> = {
  'users.list': UsersList,
  'users.new': UserForm,
  'users.edit': UserForm,
};
