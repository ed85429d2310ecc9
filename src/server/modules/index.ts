import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { JobDefinition } from '../jobs/queue.js';
import { auditRoutes } from './audit/routes.js';
import { contractRoutes } from './contracts/routes.js';
import { terminateDueJob } from './contracts/termination-requests.js';
import { applyScheduledChangesJob } from './vendors/scheduled-changes.js';
import { configRoutes } from './config/routes.js';
import { financialReportRoutes } from './financial-reports/routes.js';
import { oidcRoutes } from './session/oidc.js';
import { paletteRoutes } from './palette/routes.js';
import { portalRoutes } from './portal/routes.js';
import { creditNoteMailJob } from './payment-buckets/credit-note-mail.js';
import { publishJob } from './payment-buckets/publish.js';
import { paymentBucketRoutes } from './payment-buckets/routes.js';
import { createFilesJob } from './payment-files/create.js';
import './payment-files/queries.js';
import { paymentFileRoutes } from './payment-files/routes.js';
import './payments/hooks.js';
import { invoiceVerifiedMailJob } from './payments/invoice-mail.js';
import { paymentsJob } from './payments/job.js';
import { paymentRoutes } from './payments/routes.js';
import { allocateJob, releaseJob } from './payouts/allocation-jobs.js';
import { importJob } from './payouts/import-job.js';
import { payoutRoutes } from './payouts/routes.js';
import { unallocatedRevenueRoutes } from './payouts/unallocated-routes.js';
import { referenceDataRoutes } from './reference-data.js';
import { revenueSourceRoutes } from './revenue-sources/routes.js';
import { sessionJobs } from './session/password-reset.js';
import { vendorFileJob } from './vendor-files/job.js';
import { vendorFileRoutes } from './vendor-files/routes.js';
import { vendorPortalJobs, vendorPortalRoutes } from './vendor-portal/routes.js';
import { sessionRoutes } from './session/routes.js';
import { orphanFilesJob } from './stored-files.js';
import { vendorRoutes } from './vendors/routes.js';
import { vendorBalanceRoutes } from './vendors/balance-routes.js';
import { whitelistedChannelRoutes } from './whitelisted-channels/routes.js';

/** Every area's routes. An area adds one line here. */
export function registerModules(app: FastifyInstance, ctx: AppContext): void {
  sessionRoutes(app, ctx);
  oidcRoutes(app, ctx);
  configRoutes(app, ctx);
  auditRoutes(app, ctx);
  referenceDataRoutes(app, ctx);
  portalRoutes(app, ctx);
  whitelistedChannelRoutes(app, ctx);
  revenueSourceRoutes(app, ctx);
  vendorRoutes(app, ctx);
  vendorBalanceRoutes(app, ctx);
  contractRoutes(app, ctx);
  vendorFileRoutes(app, ctx);
  vendorPortalRoutes(app, ctx);
  payoutRoutes(app, ctx);
  unallocatedRevenueRoutes(app, ctx);
  paymentBucketRoutes(app, ctx);
  paymentFileRoutes(app, ctx);
  paymentRoutes(app, ctx);
  financialReportRoutes(app, ctx);
  paletteRoutes(app, ctx);
}

/** Every area's jobs: start-up (web and `WORKERS_ONLY=1`) registers their workers and schedules. An area adds its list here. */
export const moduleJobs: readonly JobDefinition[] = [...sessionJobs, orphanFilesJob, terminateDueJob, applyScheduledChangesJob, vendorFileJob, ...vendorPortalJobs, importJob, allocateJob, releaseJob, paymentsJob, publishJob, creditNoteMailJob, createFilesJob, invoiceVerifiedMailJob];
