import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const TagsList = lazy(() => import('./tags-list'));
const TagForm = lazy(() => import('./tag-form'));

/** Screens of this area by route id (lazily loaded). */
export const tagsScreens: Record<string, ComponentType<ScreenProps>> = {
  'tags.list': TagsList,
  'tags.new': TagForm,
  'tags.edit': TagForm,
};
