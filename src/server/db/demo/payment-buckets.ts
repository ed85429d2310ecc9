import type { Db } from '../connection.js';
import type { DemoSeed } from './index.js';
import '../../modules/payment-buckets/tables.js';

/** One empty bucket, so the buckets tab and a bucket's details have something to show before the first payment run. */
export const demoPaymentBuckets: DemoSeed = {
  name: 'payment_buckets',
  async run(db: Db) {
    await db.insertInto('payment_buckets').values({ name: 'Demo bucket' }).execute();
  },
};
