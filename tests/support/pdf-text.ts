import zlib from 'node:zlib';

/**
 * The text of a PDF as written by pdfkit (pdfmake's engine): FlateDecode content streams whose
 * Type0 fonts (Identity-H, two-byte codes) name a ToUnicode CMap. Each text object (BT … ET) becomes one
 * word, joined by spaces, so 'Studio Süd' reads as it was laid out. Enough for tests; no system tool.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(Number(m[1]), m[2]);
  const stream = (body: string): string => {
    const start = body.indexOf('stream');
    if (start < 0) return '';
    let from = start + 6;
    if (body[from] === '\r') from++;
    if (body[from] === '\n') from++;
    const bytes = Buffer.from(body.slice(from, body.lastIndexOf('endstream')), 'latin1');
    return (/\/FlateDecode/.test(body.slice(0, start)) ? zlib.inflateSync(bytes) : bytes).toString('latin1');
  };
  const hex = (h: string) => parseInt(h, 16);
  const cmapOf = (text: string): Map<number, string> => {
    const map = new Map<number, string>();
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, src, dst] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(hex(src), String.fromCodePoint(hex(dst)));
    }
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, lo, hi, dst] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const targets = dst.startsWith('[') ? [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].map((t) => hex(t[1])) : undefined;
        for (let code = hex(lo); code <= hex(hi); code++) {
          const target = targets ? targets[code - hex(lo)] : hex(dst.slice(1, -1)) + code - hex(lo);
          if (target !== undefined) map.set(code, String.fromCodePoint(target));
        }
      }
    }
    return map;
  };
  // Font resource names (/F1 9 0 R) → the font's ToUnicode map.
  const fonts = new Map<string, Map<number, string>>();
  for (const body of objects.values()) {
    for (const [, name, ref] of body.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(ref)) ?? '');
      if (toUnicode) fonts.set(name, cmapOf(stream(objects.get(Number(toUnicode[1])) ?? '')));
    }
  }
  const words: string[] = [];
  for (const body of objects.values()) {
    const content = stream(body);
    if (!/\bBT\b/.test(content)) continue;
    for (const [, block] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let map = new Map<number, string>();
      let word = '';
      for (const token of block.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>/g)) {
        if (token[1]) map = fonts.get(token[1]) ?? new Map();
        else for (let i = 0; i + 4 <= token[2].length; i += 4) word += map.get(hex(token[2].slice(i, i + 4))) ?? '';
      }
      if (word) words.push(word);
    }
  }
  return words.join(' ').replace(/\s+/g, ' ').trim();
}
