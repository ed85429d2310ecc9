import { gzipSync } from 'node:zlib';

/**
 * Generated YouTube report files as REPORTS.md describes them, for the demo payout, the payout tests
 * and the benchmark: the real header names, quoting where a value needs it, and options for the quirks
 * (title lines, a BOM, CRLF, reordered and extra columns).
 */

export const CLAIM_RAW_HEADER = [
  'Adjustment Type', 'Day', 'Country', 'Video ID', 'Channel ID', 'Asset ID', 'Asset Channel ID', 'Asset Type', 'Custom ID',
  'Content Type', 'Policy', 'Claim Type', 'Claim Origin', 'Owned Views', 'YouTube Revenue Split : Auction',
  'YouTube Revenue Split : Reserved', 'YouTube Revenue Split : Partner Sold YouTube Served',
  'YouTube Revenue Split : Partner Sold Partner Served', 'YouTube Revenue Split', 'Partner Revenue : Auction',
  'Partner Revenue : Reserved', 'Partner Revenue : Partner Sold YouTube Served',
  'Partner Revenue : Partner Sold Partner Served', 'Partner Revenue',
];

export const ASSET_SUMMARY_HEADER = [
  'Asset ID', 'Asset Title', 'Asset Labels', 'Asset Channel ID', 'Asset Type', 'Custom ID', 'ISRC', 'UPC', 'GRid', 'Artist',
  'Album', 'Label', 'Administer Publish Rights', 'Owned Views', 'YouTube Revenue Split', 'Partner Revenue',
];

export const RED_HEADER = [
  'Adjustment Type', 'Day', 'Country', 'Video ID', 'Custom ID', 'Content Type', 'Video Title', 'Video Duration (sec)', 'Username',
  'Uploader', 'Channel Display Name', 'Channel ID', 'Claim Type', 'Claim Origin', 'Multiple Claims', 'Asset ID', 'Policy',
  'Owned Watchtime', 'YouTube Revenue Split', 'Partner Revenue',
];

export const SHORTS_HEADER = ['Day', 'Country', 'Video ID', 'Channel ID', 'Asset ID', 'Total Views', 'Net Partner Revenue (Post revshare)'];
export const ECOMMERCE_HEADER = ['Day', 'Channel ID', 'Video ID', 'Product', 'Earnings (USD)'];
export const TAX_HEADER = ['Channel ID', 'US Sourced Revenue', 'Tax Withholding Rate', 'Tax Withheld Amount'];
export const DIRECT_HEADER = ['Day', 'Channel ID', 'Video ID', 'Revenue', 'Currency'];

/** The layouts REPORTS.md "Layouts seen in public code" lists. */
export const VIDEO_SUMMARY_HEADER = ['Adjustment Type', 'Video ID', 'Channel ID', 'Content Type', 'Owned Views', 'YouTube Revenue Split', 'Partner Revenue'];
export const CHANNEL_ADJUSTMENTS_HEADER = ['Channel ID', 'Adjustment Type', 'Deduction Amount'];
export const AFFILIATE_PAYMENT_HEADER = [
  'AdSense Earnings Month', 'Channel ID', 'Revenue Source', 'Local Currency', 'Total Revenue', 'US Sourced Revenue', 'Tax Withholding Rate', 'Tax Withheld Amount',
];
export const RED_LABEL_HEADER = ['Month', 'Country', 'Video ID', 'Channel ID', 'Asset ID', 'GRID', 'Owned Watchtime', 'Partner Revenue'];
export const ECOMMERCE_CHANNEL_NAME_HEADER = ['Channel Name', 'Earnings (USD)'];
export const NEWER_ASSET_SUMMARY_HEADER = [...ASSET_SUMMARY_HEADER, 'Monetized Views : Audio', 'Partner Revenue : Pro Rata', 'Partner Revenue : Per Sub Min'];

export type ReportRow = Record<string, string>;

export interface CsvOptions {
  /** Lines before the header (asset summaries: "Asset Summary ..."; red files: two). */
  titleLines?: string[];
  bom?: boolean;
  crlf?: boolean;
  /** Header order; extra names get empty values (a newer version's columns). */
  header: string[];
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function csv(rows: readonly ReportRow[], opts: CsvOptions): string {
  const nl = opts.crlf ? '\r\n' : '\n';
  const lines = [...(opts.titleLines ?? []), opts.header.map(quote).join(','), ...rows.map((r) => opts.header.map((h) => quote(r[h] ?? '')).join(','))];
  return (opts.bom ? '\ufeff' : '') + lines.join(nl) + nl;
}

/** A claim raw row with sensible defaults: `revenue` goes to Partner Revenue, the split columns get noise. */
export function claimRow(r: {
  video?: string;
  channel?: string;
  asset?: string;
  assetChannel?: string;
  assetType?: string;
  customId?: string;
  revenue: string;
  adjustment?: string;
  day?: string;
  country?: string;
}): ReportRow {
  return {
    'Adjustment Type': r.adjustment ?? 'None',
    Day: r.day ?? '20261001',
    Country: r.country ?? 'DE',
    'Video ID': r.video ?? 'vid00000001',
    'Channel ID': r.channel ?? '',
    'Asset ID': r.asset ?? '',
    'Asset Channel ID': r.assetChannel ?? '',
    'Asset Type': r.assetType ?? 'Web',
    'Custom ID': r.customId ?? '',
    'Content Type': 'UGC',
    Policy: 'Monetize in all countries',
    'Claim Type': 'Audio',
    'Claim Origin': 'Audio match',
    'Owned Views': '17',
    'YouTube Revenue Split : Auction': '0.000123',
    'YouTube Revenue Split': '0.000123',
    'Partner Revenue : Auction': r.revenue,
    'Partner Revenue': r.revenue,
  };
}

export const gzip = (text: string): Buffer => gzipSync(Buffer.from(text));

