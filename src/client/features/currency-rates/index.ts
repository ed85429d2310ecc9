import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const CurrencyRatesList = lazy(() => import('./currency-rates-list'));
const CurrencyRateForm = lazy(() => import('./currency-rate-form'));

/** Screens of this area by route id (lazily loaded). */
export const currencyRatesScreens: Record<string, ComponentType<ScreenProps>> = {
  'currency_rates.list': CurrencyRatesList,
  'currency_rates.new': CurrencyRateForm,
  'currency_rates.edit': CurrencyRateForm,
};
