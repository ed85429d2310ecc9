import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as contentOwners from './0002_content_owners.js';
import * as referenceData from './0003_reference_data.js';
import * as portalAndChannels from './0004_portal_and_channels.js';
import * as jobsFiles from './0005_jobs_files.js';
import * as security from './0006_security.js';
import * as listIndexes from './0007_list_indexes.js';
import * as vendors from './0008_vendors.js';
import * as revenueSources from './0009_revenue_sources.js';
import * as vendorFilesPortal from './0010_vendor_files_portal.js';
import * as contracts from './0011_contracts.js';
import * as portalForeignKeys from './0019_portal_foreign_keys.js';
import * as payouts from './0020_payouts.js';
import * as payments from './0021_payments.js';
import * as paymentBuckets from './0022_payment_buckets.js';
import * as paymentFiles from './0023_payment_files.js';
import * as paymentsListIndex from './0024_payments_list_index.js';
import * as reportChannels from './0025_report_channels.js';
import * as jobLinksEntity from './0026_job_links_entity.js';
import * as contractReplacedTerms from './0027_contract_replaced_terms.js';
import * as sessionNotify from './0028_session_notify.js';
import * as listSortIndexes from './0029_list_sort_indexes.js';
import * as jobWorkers from './0030_job_workers.js';
import * as changeNotify from './0031_change_notify.js';
import * as revenueAsWritten from './0032_revenue_as_written.js';
import * as revenueCountedOnce from './0033_revenue_counted_once.js';
import * as moneyOut from './0034_money_out.js';
import * as dropCacheTriggers from './0035_drop_cache_triggers.js';
import * as listShapeIndexes from './0036_list_shape_indexes.js';
import * as fourEyesDefault from './0037_four_eyes_default.js';
import * as revenueChannelName from './0041_revenue_channel_name.js';
import * as frozenPayee from './0042_frozen_payee.js';
import * as scheduledVendorChanges from './0043_scheduled_vendor_changes.js';
import * as ledger from './0044_ledger.js';
import * as paletteSearch from './0045_palette_search.js';
import * as advances from './0046_advances.js';

/** Every migration, by name; the name's numeric prefix orders them. An area adds its file here. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_content_owners': contentOwners,
  '0003_reference_data': referenceData,
  '0004_portal_and_channels': portalAndChannels,
  '0005_jobs_files': jobsFiles,
  '0006_security': security,
  '0007_list_indexes': listIndexes,
  '0008_vendors': vendors,
  '0009_revenue_sources': revenueSources,
  '0010_vendor_files_portal': vendorFilesPortal,
  '0011_contracts': contracts,
  '0019_portal_foreign_keys': portalForeignKeys,
  '0020_payouts': payouts,
  '0021_payments': payments,
  '0022_payment_buckets': paymentBuckets,
  '0023_payment_files': paymentFiles,
  '0024_payments_list_index': paymentsListIndex,
  '0025_report_channels': reportChannels,
  '0026_job_links_entity': jobLinksEntity,
  '0027_contract_replaced_terms': contractReplacedTerms,
  '0028_session_notify': sessionNotify,
  '0029_list_sort_indexes': listSortIndexes,
  '0030_job_workers': jobWorkers,
  '0031_change_notify': changeNotify,
  '0032_revenue_as_written': revenueAsWritten,
  '0033_revenue_counted_once': revenueCountedOnce,
  '0034_money_out': moneyOut,
  '0035_drop_cache_triggers': dropCacheTriggers,
  '0036_list_shape_indexes': listShapeIndexes,
  '0037_four_eyes_default': fourEyesDefault,
  '0041_revenue_channel_name': revenueChannelName,
  '0042_frozen_payee': frozenPayee,
  '0043_scheduled_vendor_changes': scheduledVendorChanges,
  '0044_ledger': ledger,
  '0045_palette_search': paletteSearch,
  '0046_advances': advances,
};
