import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeStore } from '../../src/server/modules/config/locales';

/**
 * Every translation key written literally in the client and the commands names a text, in English and
 * in German: a missing or half-written key shows the raw key to staff (a column header read
 * "vendors.fields.contacts" once). Keys built at run time are not seen here.
 */
const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['src/client', 'commands'];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

type Tree = { [key: string]: string | Tree };

function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === 'object' && typeof b === 'object' ? merge(b, v) : v;
  }
  return out;
}

function germanOnly(): Tree {
  const read = (f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as Tree;
  const dir = path.join(ROOT, 'locales/de');
  return fs.readdirSync(dir).sort().reduce((tree, f) => merge(tree, read(path.join(dir, f))), read(path.join(ROOT, 'locales/de.json')));
}
function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
}

describe('translation keys', () => {
  it('every literal key used by a screen or command is a text in en and de', async () => {
    const store = localeStore(path.join(ROOT, 'locales'));
    const en = await store('en');
    // German on its own, without the English fallback the server merges in.
    const de = germanOnly();
    const areas = new Set(Object.keys(en));
    const missing: string[] = [];
    for (const file of SOURCES.flatMap((d) => files(path.join(ROOT, d)))) {
      const text = fs.readFileSync(file, 'utf8');
      // t('key'), and the kit's props that take a key (header, label, title, ...); command ids look alike.
      for (const m of text.matchAll(/(?:\bt\(\s*|\b(?:header|label|title|description|placeholder|hint|message):\s*)['"`]([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)['"`]/g)) {
        const key = m[1];
        if (!areas.has(key.split('.')[0])) continue;
        const node = lookup(en, key);
        if (typeof node !== 'string') missing.push(`${path.relative(ROOT, file)}: ${key} (en)`);
        else if (typeof lookup(de, key) !== 'string') missing.push(`${path.relative(ROOT, file)}: ${key} (de)`);
      }
    }
    expect(missing).toEqual([]);
  });
});
