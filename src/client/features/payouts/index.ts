import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const PayoutsList = lazy(() => import('./payouts-list'));
const PayoutForm = lazy(() => import('./payout-form'));
const PayoutShow = lazy(() => import('./payout-show'));

/** Screens of this area by route id (lazily loaded); the show page's tabs are one screen. */
export const payoutsScreens: Record<string, ComponentType<ScreenProps>> = {
  'payouts.list': PayoutsList,
  'payouts.new': PayoutForm,
  'payouts.show': PayoutShow,
};
