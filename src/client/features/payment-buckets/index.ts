import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const PaymentBucketsList = lazy(() => import('./payment-buckets-list'));
const PaymentBucketForm = lazy(() => import('./payment-bucket-form'));
const PaymentBucketShow = lazy(() => import('./payment-bucket-show'));

/** Screens of this area by route id (lazily loaded). */
export const paymentBucketsScreens: Record<string, ComponentType<ScreenProps>> = {
  'payment_buckets.list': PaymentBucketsList,
  'payment_buckets.new': PaymentBucketForm,
  'payment_buckets.edit': PaymentBucketForm,
  'payment_buckets.show': PaymentBucketShow,
};
