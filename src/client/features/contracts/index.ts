import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const ContractsList = lazy(() => import('./contracts-list'));
const ContractShow = lazy(() => import('./contract-show'));
const ContractForm = lazy(() => import('./form/contract-form'));
const AmendmentForm = lazy(() => import('./form/amendment-form'));

/**
 * Screens of this area by route id (lazily loaded); the five list tabs are one screen. The contract
 * and amendment forms (`form/`) add their routes here.
 */
export const contractsScreens: Record<string, ComponentType<ScreenProps>> = {
  'contracts.list': ContractsList,
  'contracts.approval_pending': ContractsList,
  'contracts.awaiting_approval': ContractsList,
  'contracts.signing_pending': ContractsList,
  'contracts.amendments_pending': ContractsList,
  'contracts.termination_pending': ContractsList,
  'contracts.show': ContractShow,
  'contracts.new': ContractForm,
  'contracts.edit': ContractForm,
  'contracts.amendments.new': AmendmentForm,
  'contracts.amendments.edit': AmendmentForm,
};
