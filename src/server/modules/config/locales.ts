import fs from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../../root.js';

const LOCALES_DIR = path.join(ROOT, 'locales');
type Tree = { [key: string]: string | Tree };

function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === 'object' && typeof b === 'object' ? merge(b, v) : v;
  }
  return out;
}

/** `{dir}/{lng}.json` plus any `{dir}/{lng}/*.json` an area adds, merged. */
async function readLanguage(dir: string, lng: string): Promise<Tree | undefined> {
  let tree: Tree | undefined;
  try {
    tree = JSON.parse(await fs.readFile(path.join(dir, `${lng}.json`), 'utf8')) as Tree;
  } catch (error) {
    // A missing language falls back; a broken file is an error worth seeing.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    tree = undefined;
  }
  const partsDir = path.join(dir, lng);
  const parts = await fs.readdir(partsDir).catch(() => [] as string[]);
  for (const file of parts.filter((f) => f.endsWith('.json')).sort()) {
    tree = merge(tree ?? {}, JSON.parse(await fs.readFile(path.join(partsDir, file), 'utf8')) as Tree);
  }
  return tree;
}

export type Translations = (lng: string, fresh?: boolean) => Promise<Tree>;

/** Translations from a folder of locale files, cached per language. */
export function localeStore(dir: string): Translations {
  const cache = new Map<string, Promise<Tree>>();
  return (lng, fresh = false) => {
    const key = /^[a-z]{2}(-[A-Z]{2})?$/.test(lng) ? lng : 'en';
    if (fresh || !cache.has(key)) {
      const loading = (async () => {
        const en = (await readLanguage(dir, 'en')) ?? {};
        if (key === 'en') return en;
        const own = (await readLanguage(dir, key)) ?? (key.includes('-') ? await readLanguage(dir, key.slice(0, 2)) : undefined);
        return own ? merge(en, own) : en;
      })();
      // A failed read is not remembered: the next request tries again.
      loading.catch(() => {
        if (cache.get(key) === loading) cache.delete(key);
      });
      cache.set(key, loading);
    }
    return cache.get(key)!;
  };
}

/** Translations of a language from `locales/`, falling back to English for a missing language or key. */
export const translations: Translations = localeStore(LOCALES_DIR);
