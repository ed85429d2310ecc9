import { ImportError } from './import-error.js';

/**
 * Splits report text, fed chunk by chunk, into records, each with the file line it starts on. Until a
 * separator is set, every line is handed over whole (the title lines and the header row, whose line
 * tells the separator); then records are split at the separator with RFC 4180 quoting (doubled quotes,
 * line ends inside quotes, CRLF). A line without a quote, nearly every line of a report, is split by
 * `String.split`; only quoted ones are walked character by character.
 *
 * The work is linear in the input: a record not yet ended is kept (and looked at again with the next
 * chunk) only up to `maxLine` characters, past which the file is refused, so a line of a gigabyte costs
 * what its first `maxLine` characters cost. Nothing else of the file is kept beyond a chunk.
 */
export class CsvRows {
  separator: string | null = null;
  /** The line the next record starts on (1-based). */
  private line = 1;
  private rest = '';

  constructor(
    private readonly maxLine: number,
    private readonly onLine: (line: string, at: number) => void,
    private readonly onRecord: (fields: string[], at: number) => void,
  ) {}

  feed(text: string): void {
    const buf = this.rest === '' ? text : this.rest + text;
    let pos = 0;
    for (;;) {
      const nl = buf.indexOf('\n', pos);
      if (nl < 0) break;
      const end = nl > pos && buf.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      const line = buf.slice(pos, end);
      if (this.separator === null) {
        this.onLine(line, this.line++);
        pos = nl + 1;
        continue;
      }
      if (line.indexOf('"') < 0) {
        this.onRecord(line.split(this.separator), this.line++);
        pos = nl + 1;
        continue;
      }
      const quoted = this.quoted(buf, pos);
      if (!quoted) break;
      this.onRecord(quoted.fields, this.line);
      this.line += quoted.lines;
      pos = quoted.next;
    }
    this.rest = pos === 0 ? buf : buf.slice(pos);
    if (this.rest.length > this.maxLine) {
      throw new ImportError(this.line, `longer than ${this.maxLine} characters (a line end or a closing quote is missing)`);
    }
  }

  /** The last record, when the text does not end with a line end (a cut-off download ends so). */
  end(): void {
    if (this.rest === '') return;
    const rest = this.rest;
    this.rest = '';
    this.feed(`${rest}\n`);
    if (this.rest !== '') throw new ImportError(this.line, 'a quoted field is not closed');
  }

  /** One quoted record from `pos`: its fields, where the next starts and how many lines it spans; null when it runs past the text so far. */
  private quoted(buf: string, pos: number): { fields: string[]; next: number; lines: number } | null {
    const sep = this.separator;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let lines = 0;
    for (let i = pos; i < buf.length; i++) {
      const c = buf[i];
      if (quoted) {
        if (c !== '"') {
          if (c === '\n') lines += 1;
          field += c;
        } else if (i + 1 >= buf.length) return null;
        else if (buf[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else if (c === '"') quoted = true;
      else if (c === sep) {
        fields.push(field);
        field = '';
      } else if (c === '\n') {
        fields.push(field.endsWith('\r') ? field.slice(0, -1) : field);
        return { fields, next: i + 1, lines: lines + 1 };
      } else field += c;
    }
    return null;
  }
}
