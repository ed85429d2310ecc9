import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const PaymentsList = lazy(() => import('./payments-list'));
const PaymentShow = lazy(() => import('./payment-show'));

/** Screens of the payments area by route id (lazily loaded). */
export const paymentsScreens: Record<string, ComponentType<ScreenProps>> = {
  'payments.list': PaymentsList,
  'payments.show': PaymentShow,
};
