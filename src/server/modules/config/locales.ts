import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../locales');
type Tree = { [key: string]: string | Tree };

function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === 'object' && typeof b === 'object' ? merge(b, v) : v;
  }
  return out;
}

/** `locales/{lng}.json` plus any `locales/{lng}/*.json` an area adds, merged. */
async function readLanguage(lng: string): Promise<Tree | undefined> {
  let tree: Tree | undefined;
  try {
    tree = JSON.parse(await fs.readFile(path.join(LOCALES_DIR, `${lng}.json`), 'utf8')) as Tree;
  } catch {
    tree = undefined;
  }
  const dir = path.join(LOCALES_DIR, lng);
  const parts = await fs.readdir(dir).catch(() => [] as string[]);
  for (const file of parts.filter((f) => f.endsWith('.json')).sort()) {
    tree = merge(tree ?? {}, JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as Tree);
  }
  return tree;
}

const cache = new Map<string, Promise<Tree>>();

/** Translations of a language, falling back to English for a missing language or key. */
export function translations(lng: string, fresh = false): Promise<Tree> {
  const key = /^[a-z]{2}(-[A-Z]{2})?$/.test(lng) ? lng : 'en';
  if (fresh || !cache.has(key)) {
    cache.set(
      key,
      (async () => {
        const en = (await readLanguage('en')) ?? {};
        if (key === 'en') return en;
        const own = (await readLanguage(key)) ?? (key.includes('-') ? await readLanguage(key.slice(0, 2)) : undefined);
        return own ? merge(en, own) : en;
      })(),
    );
  }
  return cache.get(key)!;
}
