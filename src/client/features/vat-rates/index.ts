import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const VatRatesList = lazy(() => import('./vat-rates-list'));
const VatRateForm = lazy(() => import('./vat-rate-form'));

/** Screens of this area by route id (lazily loaded). */
export const vatRatesScreens: Record<string, ComponentType<ScreenProps>> = {
  'vat_rates.list': VatRatesList,
  'vat_rates.new': VatRateForm,
  'vat_rates.edit': VatRateForm,
};
