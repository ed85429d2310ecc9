import { PAYOUT_FILE_KINDS, type PayoutFileKind } from '../../../shared/validation/payouts.js';
import { CsvRows } from './csv-rows.js';
import { ImportError } from './import-error.js';

export { ImportError };

/** What a kind's rows become: revenue rows, asset metadata, or nothing (summaries whose revenue is counted elsewhere). */
export type ReportTarget = 'revenues' | 'assets' | 'none';

const ASSET_KINDS: readonly PayoutFileKind[] = ['asset_summary', 'ADJ_asset_summary', 'asset_raw', 'ADJ_asset_raw', 'red_rawdata_asset', 'red_music_rawdata_asset'];

export function targetOf(kind: PayoutFileKind): ReportTarget {
  if (PAYOUT_FILE_KINDS[kind].revenue_type) return 'revenues';
  return ASSET_KINDS.includes(kind) ? 'assets' : 'none';
}

/**
 * How a kind's revenue is read (REPORTS.md, DOMAIN "Revenue import"): its column by header name (the
 * first present one counts) and its sign: as written; always negative (the tax withheld is a deduction);
 * or by `Adjustment Type` (channel adjustments: a credit adds, anything else deducts).
 */
interface RevenueLayout {
  columns: string[];
  sign: 'as_written' | 'negative' | 'by_adjustment_type';
}

function layoutOf(kind: PayoutFileKind): RevenueLayout {
  switch (PAYOUT_FILE_KINDS[kind].revenue_type) {
    case 'shorts':
      return { columns: ['Net Partner Revenue (Post revshare)', 'Partner Revenue'], sign: 'as_written' };
    case 'ecommerce':
      return { columns: ['Earnings (USD)', 'Partner Revenue'], sign: 'as_written' };
    case 'withholding_tax':
      return { columns: ['Tax Withheld Amount'], sign: 'negative' };
    case 'channel_adjustments':
      return { columns: ['Deduction Amount'], sign: 'by_adjustment_type' };
    case 'direct':
      return { columns: ['Partner Revenue', 'Revenue', 'Net Revenue', 'Earnings'], sign: 'as_written' };
    default:
      return { columns: ['Partner Revenue'], sign: 'as_written' };
  }
}

/** Columns copied into revenue rows after the fixed prefix, in the COPY's order, with the header names they come from. */
export const REVENUE_FIELDS = [
  // `Month` (yyyyMM, red label files) becomes the month's first day.
  ['day', ['Day', 'Date', 'Month']],
  ['country', ['Country']],
  ['video_id', ['Video ID']],
  ['channel_id', ['Channel ID']],
  ['asset_id', ['Asset ID']],
  ['asset_type', ['Asset Type']],
  ['asset_channel_id', ['Asset Channel ID']],
  ['asset_labels', ['Asset Labels', 'Label']],
  ['custom_id', ['Custom ID']],
  // Ecommerce files of some versions name the channel instead of giving its id (REPORTS.md).
  ['channel_name', ['Channel Name']],
] as const;

export const ASSET_FIELDS = [
  ['asset_id', ['Asset ID']],
  ['asset_type', ['Asset Type']],
  ['asset_channel_id', ['Asset Channel ID']],
  ['asset_labels', ['Asset Labels', 'Label']],
  ['custom_id', ['Custom ID']],
] as const;

/** The currency of a row's amounts; a YouTube report without one is in USD (REPORTS.md). */
const CURRENCY_COLUMNS = ['Currency', 'Local Currency'];

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?$/;
/** Far beyond any report's precision (NUMERIC itself holds 16,383 decimals): only a hostile value is this long. */
const MAX_DECIMAL_LENGTH = 1000;

/**
 * A report's number as an exact decimal string, exponent notation written out (`1.2E-5` → `0.000012`)
 * without ever becoming a float; null when it is no number. Precision is never refused, only absurd length.
 */
export function exactDecimal(text: string): string | null {
  if (PLAIN_DECIMAL.test(text)) return text.length > MAX_DECIMAL_LENGTH ? null : text;
  const m = NUMBER.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  const digits = whole + fraction;
  // Where the decimal point falls in `digits`, after the exponent moved it.
  const point = whole.length + Number(exponent);
  if (Math.abs(point) > MAX_DECIMAL_LENGTH || digits.length > MAX_DECIMAL_LENGTH) return null;
  let int: string;
  let frac: string;
  if (point <= 0) {
    int = '0';
    frac = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    int = digits + '0'.repeat(point - digits.length);
    frac = '';
  } else {
    int = digits.slice(0, point);
    frac = digits.slice(point);
  }
  int = int.replace(/^0+(?=\d)/, '');
  return `${sign === '-' ? '-' : ''}${int}${frac === '' ? '' : `.${frac}`}`;
}

const negate = (d: string) => (d.startsWith('-') ? d.slice(1) : /^[0.]+$/.test(d) ? d : `-${d}`);
const magnitude = (d: string) => (d.startsWith('-') ? d.slice(1) : d);

/** A report's day: `yyyyMMdd` / `yyyy-MM-dd`, or a month (`yyyyMM` / `yyyy-MM`) as its first day; null when neither. */
function dayOf(v: string): string | null {
  if (/^\d{4}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(v) || /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(v)) return v;
  if (/^\d{4}(0[1-9]|1[0-2])$/.test(v)) return `${v}01`;
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) return `${v}-01`;
  return null;
}

const CURRENCY = /^[A-Z]{3}$/;

/** COPY text format: backslash, tab, newline and carriage return escaped; empty is NULL. */
function copyText(value: string | undefined): string {
  if (value === undefined || value === '') return '\\N';
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** One line's fields for the header search (quotes, doubled quotes). */
function splitLine(line: string, separator: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

const norm = (name: string) => name.trim().toLowerCase();

/** How far the header row is looked for (title lines before it, REPORTS.md "Layout"). */
const HEADER_SEARCH_LINES = 50;
/** The separators a report may use; the header line tells which (REPORTS.md "Layout"). */
const SEPARATORS = [',', '\t'];

/** The longest line (characters) a report may have by default: real lines hold a few hundred. */
export const DEFAULT_MAX_LINE_CHARS = 1024 * 1024;

export interface ParserOptions {
  kind: PayoutFileKind;
  /** The COPY line's fixed start (payout, file, owner, type), tab-terminated. */
  prefix: string;
  /** Receives COPY text lines in batches. */
  emit(text: string): void;
  /** Past this many characters without a line end the file is refused. */
  maxLineChars?: number;
}

/**
 * Turns a report's text, fed chunk by chunk, into COPY text lines: skips title lines up to the header
 * row (the first with the kind's key column, comma- or tab-separated), maps columns by header name
 * (order and extra columns do not matter), and reads every row or refuses the file naming the line and
 * the reason: a row with fewer columns than the header (a cut-off download, a stray line), a revenue
 * that is no number, a day that is no date. Nothing is skipped in silence but blank lines.
 */
export class ReportParser {
  readonly target: ReportTarget;
  rows = 0;
  private readonly layout: RevenueLayout;
  private readonly csv: CsvRows;
  private started = false;
  private batch: string[] = [];
  private onRow: ((row: string[], line: number) => void) | null = null;

  constructor(private readonly opts: ParserOptions) {
    this.target = targetOf(opts.kind);
    this.layout = layoutOf(opts.kind);
    this.csv = new CsvRows(
      opts.maxLineChars ?? DEFAULT_MAX_LINE_CHARS,
      (line, at) => this.headerSearch(line, at),
      (row, at) => this.onRow!(row, at),
    );
  }

  feed(text: string): void {
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.csv.feed(text);
    this.flush();
  }

  end(): void {
    this.csv.end();
    if (!this.onRow) throw this.noHeader();
    this.flush();
  }

  private flush() {
    if (this.batch.length === 0) return;
    this.opts.emit(this.batch.join(''));
    this.batch = [];
  }

  private keyColumns(): string[] {
    return this.target === 'revenues' ? this.layout.columns : ['Asset ID'];
  }

  private noHeader() {
    return new ImportError(null, `no header row of a ${this.opts.kind} file found (looked for the column ${this.keyColumns().join(' or ')} in its first ${HEADER_SEARCH_LINES} lines)`);
  }

  private headerSearch(line: string, at: number) {
    if (at > HEADER_SEARCH_LINES) throw this.noHeader();
    const keys = this.keyColumns().map(norm);
    for (const separator of SEPARATORS) {
      const names = splitLine(line, separator).map(norm);
      if (keys.some((k) => names.includes(k))) return this.start(names, separator, at);
    }
  }

  private start(names: string[], separator: string, headerLine: number) {
    const { kind, prefix } = this.opts;
    const index = (candidates: readonly string[]) => {
      for (const c of candidates) {
        const i = names.indexOf(norm(c));
        if (i >= 0) return i;
      }
      return -1;
    };
    const revenues = this.target === 'revenues';
    const fields = (revenues ? REVENUE_FIELDS : ASSET_FIELDS).map(([name, headers]) => ({ name, at: index(headers) }));
    const revenueAt = revenues ? index(this.layout.columns) : -1;
    const revenueName = this.layout.columns.find((c) => names.includes(norm(c))) ?? '';
    const currencyAt = index(CURRENCY_COLUMNS);
    const assetAt = index(['Asset ID']);
    const adjustmentAt = index(['Adjustment Type']);
    const { sign } = this.layout;
    if (revenues && sign === 'by_adjustment_type' && adjustmentAt < 0) {
      throw new ImportError(headerLine, `a ${kind} file needs the column Adjustment Type: it tells whether ${revenueName} is a deduction or a credit`);
    }
    const width = names.length;
    const skip = this.target === 'none';

    this.onRow = (row: string[], line: number) => {
      // A blank line (a trailing one, or between sections) is no row.
      if (row.length === 1 && row[0].trim() === '') return;
      if (row.length !== width) {
        if (row.length < width) throw new ImportError(line, `${row.length} ${row.length === 1 ? 'column' : 'columns'} where the header has ${width}`);
        if (row.slice(width).some((v) => v.trim() !== '')) throw new ImportError(line, `${row.length} columns where the header has ${width}`);
      }
      this.rows += 1;
      if (skip) return;
      let out = prefix;
      for (const f of fields) {
        let v = f.at < 0 ? '' : row[f.at].trim();
        if (f.name === 'day' && v !== '') {
          const day = dayOf(v);
          if (!day) throw new ImportError(line, `${names[f.at] === 'month' ? 'Month' : 'Day'} "${v.slice(0, 40)}" is not a date`);
          v = day;
        }
        if (f.name === 'asset_labels' && v !== '') v = v.split(/[|;]/).map((s) => s.trim()).filter(Boolean).join('|');
        out += copyText(v) + '\t';
      }
      if (revenues) {
        const written = row[revenueAt].trim();
        let revenue = written === '' ? '0' : exactDecimal(written);
        if (revenue === null) throw new ImportError(line, `${revenueName} "${written.slice(0, 40)}" is not a number`);
        if (sign === 'negative') revenue = negate(magnitude(revenue));
        else if (sign === 'by_adjustment_type') revenue = /credit/i.test(row[adjustmentAt]) ? magnitude(revenue) : negate(magnitude(revenue));
        const currency = currencyAt < 0 ? 'USD' : row[currencyAt].trim().toUpperCase() || 'USD';
        if (!CURRENCY.test(currency)) throw new ImportError(line, `Currency "${currency.slice(0, 10)}" is not a currency code`);
        out += `${revenue}\t${currency}\n`;
      } else {
        if (assetAt < 0 || row[assetAt].trim() === '') throw new ImportError(line, 'Asset ID is empty');
        out = `${out.slice(0, -1)}\n`;
      }
      this.batch.push(out);
    };
    this.csv.separator = separator;
  }
}
