import { initParser, type Schema } from 'udsv';
import { PAYOUT_FILE_KINDS, type PayoutFileKind } from '../../../shared/validation/payouts.js';

/** Why a report cannot be imported; `line` is the file's line (1-based) where one applies. */
export class ImportError extends Error {
  constructor(
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(line === null ? reason : `line ${line}: ${reason}`);
  }
}

/** What a kind's rows become: revenue rows, asset metadata, or nothing (summaries whose revenue is counted elsewhere). */
export type ReportTarget = 'revenues' | 'assets' | 'none';

const ASSET_KINDS: readonly PayoutFileKind[] = ['asset_summary', 'ADJ_asset_summary', 'asset_raw', 'ADJ_asset_raw', 'red_rawdata_asset'];

export function targetOf(kind: PayoutFileKind): ReportTarget {
  if (PAYOUT_FILE_KINDS[kind].revenue_type) return 'revenues';
  return ASSET_KINDS.includes(kind) ? 'assets' : 'none';
}

/** The revenue column of each kind, by header name (REPORTS.md "Columns"); the first present one counts. */
function revenueColumns(kind: PayoutFileKind): string[] {
  switch (PAYOUT_FILE_KINDS[kind].revenue_type) {
    case 'shorts':
      return ['Net Partner Revenue (Post revshare)', 'Partner Revenue'];
    case 'ecommerce':
      return ['Earnings (USD)', 'Partner Revenue'];
    case 'withholding_tax':
      return ['Tax Withheld Amount'];
    case 'direct':
      return ['Partner Revenue', 'Revenue', 'Net Revenue', 'Earnings'];
    default:
      return ['Partner Revenue'];
  }
}

/** Columns copied into revenue rows after the fixed prefix, in the COPY's order, with the header names they come from. */
export const REVENUE_FIELDS = [
  ['day', ['Day', 'Date']],
  ['country', ['Country']],
  ['video_id', ['Video ID']],
  ['channel_id', ['Channel ID']],
  ['asset_id', ['Asset ID']],
  ['asset_type', ['Asset Type']],
  ['asset_channel_id', ['Asset Channel ID']],
  ['asset_labels', ['Asset Labels', 'Label']],
  ['custom_id', ['Custom ID']],
] as const;

export const ASSET_FIELDS = [
  ['asset_id', ['Asset ID']],
  ['asset_type', ['Asset Type']],
  ['asset_channel_id', ['Asset Channel ID']],
  ['asset_labels', ['Asset Labels', 'Label']],
  ['custom_id', ['Custom ID']],
] as const;

/** NUMERIC(24,10): at most 14 digits before the point and 10 after, so PostgreSQL never rounds silently. */
const DECIMAL = /^-?\d{1,14}(\.\d{1,10})?$/;
const DAY = /^(\d{8}|\d{4}-\d{2}-\d{2})$/;
const CURRENCY = /^[A-Z]{3}$/;

/** COPY text format: backslash, tab, newline and carriage return escaped; empty is NULL. */
function copyText(value: string | undefined): string {
  if (value === undefined || value === '') return '\\N';
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** A minimal CSV split of one line (quotes, doubled quotes), for finding the header before uDSV takes over. */
function splitLine(line: string): string[] {
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
    else if (c === ',') {
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
const HEADER_SEARCH_BYTES = 1 << 20;

export interface ParserOptions {
  kind: PayoutFileKind;
  /** The COPY line's fixed start (payout, file, owner, type), tab-terminated. */
  prefix: string;
  /** Receives COPY text lines in batches. */
  emit(text: string): void;
}

/**
 * Turns a report's text, fed chunk by chunk, into COPY text lines: skips title lines up to the header
 * row (the first with the kind's key column), maps columns by header name (order and extra columns do
 * not matter), checks each revenue as an exact decimal and each day, and counts lines for the errors.
 * uDSV parses the rows (quotes, doubled quotes, CRLF); nothing of the file is kept beyond a chunk.
 */
export class ReportParser {
  readonly target: ReportTarget;
  rows = 0;
  private head = '';
  private lines = 0;
  private parser: ReturnType<typeof initParser> | null = null;
  private headerLine = 0;
  private batch: string[] = [];
  private onRow: ((row: string[]) => void) | null = null;

  constructor(private readonly opts: ParserOptions) {
    this.target = targetOf(opts.kind);
  }

  feed(text: string): void {
    if (this.parser) {
      this.parser.chunk(text, this.parser.stringArrs, this.onRow!);
      this.flush();
      return;
    }
    this.head += text;
    if (this.head.charCodeAt(0) === 0xfeff) this.head = this.head.slice(1);
    this.findHeader(false);
  }

  end(): void {
    if (!this.parser) this.findHeader(true);
    if (this.parser) {
      this.parser.end();
      this.flush();
    }
  }

  private flush() {
    if (this.batch.length === 0) return;
    this.opts.emit(this.batch.join(''));
    this.batch = [];
  }

  private keyColumns(): string[] {
    return this.target === 'revenues' ? revenueColumns(this.opts.kind) : ['Asset ID'];
  }

  private findHeader(atEnd: boolean) {
    const keys = this.keyColumns().map(norm);
    let start = 0;
    for (;;) {
      const nl = this.head.indexOf('\n', start);
      if (nl < 0) break;
      this.lines += 1;
      const raw = this.head.slice(start, nl);
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      const names = splitLine(line).map(norm);
      if (keys.some((k) => names.includes(k))) {
        this.start(names, raw.endsWith('\r') ? '\r\n' : '\n', this.head.slice(nl + 1));
        return;
      }
      start = nl + 1;
      if (this.lines >= HEADER_SEARCH_LINES) break;
    }
    this.head = this.head.slice(start);
    if (atEnd || this.lines >= HEADER_SEARCH_LINES || this.head.length > HEADER_SEARCH_BYTES) {
      throw new ImportError(null, `no header row with the column ${this.keyColumns().join(' or ')} found`);
    }
  }

  private start(names: string[], rowDelimiter: string, rest: string) {
    this.headerLine = this.lines;
    const index = (candidates: readonly string[]) => {
      for (const c of candidates) {
        const i = names.indexOf(norm(c));
        if (i >= 0) return i;
      }
      return -1;
    };
    const fields = (this.target === 'revenues' ? REVENUE_FIELDS : ASSET_FIELDS).map(([name, headers]) => ({ name, at: index(headers) }));
    const revenueAt = this.target === 'revenues' ? index(revenueColumns(this.opts.kind)) : -1;
    const revenueName = revenueColumns(this.opts.kind).find((c) => names.includes(norm(c))) ?? '';
    const currencyAt = index(['Currency']);
    const assetAt = index(['Asset ID']);
    const width = names.length;
    const { prefix } = this.opts;
    const revenues = this.target === 'revenues';
    const skip = this.target === 'none';

    this.onRow = (row: string[]) => {
      const line = this.headerLine + this.rows + 1;
      // A blank line (a trailing one, or between sections) is no row.
      if (row.length === 1 && row[0].trim() === '') return;
      this.rows += 1;
      if (skip) return;
      if (row.length < width) throw new ImportError(line, `${row.length} columns where the header has ${width}`);
      let out = prefix;
      for (const f of fields) {
        let v = f.at < 0 ? '' : row[f.at].trim();
        if (f.name === 'day' && v !== '' && !DAY.test(v)) throw new ImportError(line, `Day "${v.slice(0, 40)}" is not a date`);
        if (f.name === 'asset_labels' && v !== '') v = v.split(/[|;]/).map((s) => s.trim()).filter(Boolean).join('|');
        out += copyText(v) + '\t';
      }
      if (revenues) {
        let revenue = row[revenueAt].trim();
        if (revenue.startsWith('+')) revenue = revenue.slice(1);
        if (revenue === '') revenue = '0';
        else if (!DECIMAL.test(revenue)) throw new ImportError(line, `${revenueName} "${revenue.slice(0, 40)}" is not a number`);
        const currency = currencyAt < 0 ? 'USD' : row[currencyAt].trim().toUpperCase() || 'USD';
        if (!CURRENCY.test(currency)) throw new ImportError(line, `Currency "${currency.slice(0, 10)}" is not a currency code`);
        out += `${revenue}\t${currency}\n`;
      } else {
        if (assetAt < 0 || row[assetAt].trim() === '') throw new ImportError(line, 'Asset ID is empty');
        out = `${out.slice(0, -1)}\n`;
      }
      this.batch.push(out);
    };
    const schema = {
      skip: 0,
      col: ',',
      row: rowDelimiter,
      encl: '"',
      esc: '"',
      trim: false,
      cols: names.map((name) => ({ name, type: 's', repl: { empty: null, null: undefined, NaN: undefined } })),
    } as Schema;
    this.parser = initParser(schema);
    this.head = '';
    if (rest !== '') this.feed(rest);
  }
}
