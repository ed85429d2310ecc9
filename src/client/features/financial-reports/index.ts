import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const FinancialReportsPage = lazy(() => import('./financial-reports-page'));

/** Screens of this area by route id (lazily loaded). */
export const financialReportsScreens: Record<string, ComponentType<ScreenProps>> = {
  'financial_reports.list': FinancialReportsPage,
};
