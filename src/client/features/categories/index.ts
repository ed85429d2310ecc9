import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const CategoriesList = lazy(() => import('./categories-list'));
const CategoryForm = lazy(() => import('./category-form'));

/** Screens of this area by route id (lazily loaded). */
export const categoriesScreens: Record<string, ComponentType<ScreenProps>> = {
  'categories.list': CategoriesList,
  'categories.new': CategoryForm,
  'categories.edit': CategoryForm,
};
