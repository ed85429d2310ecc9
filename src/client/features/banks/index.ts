import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const BanksList = lazy(() => import('./banks-list'));
const BankForm = lazy(() => import('./bank-form'));

/** Screens of this area by route id (lazily loaded). */
export const banksScreens: Record<string, ComponentType<ScreenProps>> = {
  'banks.list': BanksList,
  'banks.new': BankForm,
  'banks.edit': BankForm,
};
