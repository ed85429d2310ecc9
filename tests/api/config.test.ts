import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeStore } from '../../src/server/modules/config/locales.js';
import { ROLES } from '../../src/shared/roles.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let someone: TestUser;

beforeAll(async () => {
  someone = await api.user([]);
});

type Tree = { [key: string]: string | Tree };
function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? leafKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('GET /config/data', () => {
  it('needs a session', async () => {
    const res = await api.request({ method: 'GET', url: '/config/data' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('');
  });

  it('answers countries and currencies from maintained packages, the EU members and the roles', async () => {
    const res = await api.request({ method: 'GET', url: '/config/data', as: someone });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(Object.keys(data).sort()).toEqual(
      ['content_owners', 'countries', 'countries_eu', 'currencies', 'organizations', 'roles_available', 'youtube_verticals'].sort(),
    );

    expect(data.countries_eu).toHaveLength(27);
    expect(data.countries_eu).toEqual(expect.arrayContaining(['DE', 'FR', 'IE', 'HR', 'CY']));
    expect(data.countries_eu).not.toContain('GB');
    expect(data.countries_eu).not.toContain('CH');

    expect(data.countries.length).toBeGreaterThanOrEqual(240);
    expect(data.countries.find((c: { code: string }) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany', vat_rates: [] });
    for (const c of data.countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(typeof c.name).toBe('string');
      expect(Array.isArray(c.vat_rates)).toBe(true);
    }
    for (const code of data.countries_eu) expect(data.countries.some((c: { code: string }) => c.code === code)).toBe(true);

    const currencies = new Map<string, { iso_code: string; symbol: string }>(data.currencies.map((c: { iso_code: string }) => [c.iso_code, c]));
    expect(currencies.get('EUR')).toMatchObject({ iso_code: 'EUR', symbol: '€' });
    expect(currencies.get('USD')).toMatchObject({ symbol: '$' });
    expect(currencies.get('GBP')).toMatchObject({ symbol: '£' });
    expect(currencies.get('CHF')).toMatchObject({ iso_code: 'CHF' });
    expect(currencies.size).toBeGreaterThanOrEqual(140);
    // Funds and precious metals are not currencies anyone is paid in.
    expect(currencies.has('XAU')).toBe(false);

    expect(data.roles_available).toEqual([...ROLES]);
    expect(data.roles_available).toContain('admin');
  });

  it('answers the content owners, organizations, VAT rates and YouTube verticals of this database', async () => {
    await sql`INSERT INTO content_owners (content_owner_id, display_name, report_filename_part) VALUES ('CO123', 'Remit Music', 'remit_music')`.execute(api.db);
    const org = await sql<{ id: number }>`
      INSERT INTO organizations (name, number, country_code, currency, city, postal_code, street, street_number,
                                 vendor_source_prefix_external, vendor_source_prefix_internal, vendor_source_prefix_network)
      VALUES ('Remit GmbH', '0001', 'DE', 'EUR', 'Berlin', '10115', 'Chausseestr.', '1', '100', '200', '300') RETURNING id`.execute(api.db);
    await sql`INSERT INTO vat_rates (country_code, rate) VALUES ('DE', 19), ('DE', 7)`.execute(api.db);
    await sql`INSERT INTO categories (type, name, position) VALUES ('youtube_vertical', 'Music', 0)`.execute(api.db);

    const data = (await api.request({ method: 'GET', url: '/config/data', as: someone })).json();
    expect(data.content_owners).toEqual([expect.objectContaining({ content_owner_id: 'CO123', display_name: 'Remit Music' })]);
    expect(data.organizations).toEqual([expect.objectContaining({ id: org.rows[0].id, name: 'Remit GmbH', country_code: 'DE' })]);
    const de = data.countries.find((c: { code: string }) => c.code === 'DE');
    expect(de.vat_rates.map((r: { rate: string }) => r.rate)).toEqual(['19.0000', '7.0000']);
    expect(data.countries.find((c: { code: string }) => c.code === 'FR').vat_rates).toEqual([]);
    expect(data.youtube_verticals).toEqual([expect.objectContaining({ name: 'Music' })]);
  });
});

describe('GET /config/settings.json', () => {
  it('needs a session and answers the login methods', async () => {
    expect((await api.request({ method: 'GET', url: '/config/settings.json' })).statusCode).toBe(401);
    const res = await api.request({ method: 'GET', url: '/config/settings.json', as: someone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ login_methods: ['password'], session_check_interval: 300000 });
  });
});

describe('GET /config/locales/{lng}.json', () => {
  it('is public and answers the English translations', async () => {
    const res = await api.request({ method: 'GET', url: '/config/locales/en.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const en = res.json();
    const file = JSON.parse(await fs.readFile(path.resolve('locales/en.json'), 'utf8'));
    expect(en).toMatchObject(file);
  });

  it('falls back to English for an unknown language, also for a made-up name', async () => {
    const en = (await api.request({ method: 'GET', url: '/config/locales/en.json' })).json();
    for (const lng of ['xx', 'zz-ZZ', '..%2F..%2Fpackage', 'EN']) {
      const res = await api.request({ method: 'GET', url: `/config/locales/${lng}.json` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(en);
    }
  });

  it('answers German with every English key, German where translated', async () => {
    const en = (await api.request({ method: 'GET', url: '/config/locales/en.json' })).json();
    const de = (await api.request({ method: 'GET', url: '/config/locales/de.json' })).json();
    expect(leafKeys(de)).toEqual(expect.arrayContaining(leafKeys(en)));
    const file = JSON.parse(await fs.readFile(path.resolve('locales/de.json'), 'utf8'));
    expect(de).toMatchObject(file);
    // A regional variant falls back to its language.
    expect((await api.request({ method: 'GET', url: '/config/locales/de-AT.json' })).json()).toEqual(de);
  });
});

describe('localeStore', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'remit-locales-'));
    await fs.writeFile(path.join(dir, 'en.json'), JSON.stringify({ nav: { home: 'Home', vendors: 'Vendors' }, only_en: 'English only' }));
    await fs.writeFile(path.join(dir, 'de.json'), JSON.stringify({ nav: { home: 'Start' } }));
    await fs.mkdir(path.join(dir, 'en'));
    await fs.writeFile(path.join(dir, 'en', 'grid.json'), JSON.stringify({ grid: { empty: 'No entries' } }));
    await fs.mkdir(path.join(dir, 'de'));
    await fs.writeFile(path.join(dir, 'de', 'grid.json'), JSON.stringify({ grid: { empty: 'Keine Einträge' }, nav: { vendors: 'Lieferanten' } }));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('merges a language over English key by key, with the area files of each', async () => {
    const translations = localeStore(dir);
    expect(await translations('de')).toEqual({
      nav: { home: 'Start', vendors: 'Lieferanten' },
      only_en: 'English only',
      grid: { empty: 'Keine Einträge' },
    });
    expect(await translations('en')).toEqual({ nav: { home: 'Home', vendors: 'Vendors' }, only_en: 'English only', grid: { empty: 'No entries' } });
    expect(await translations('fr')).toEqual(await translations('en'));
  });

  it('caches, and reads again when asked for fresh translations', async () => {
    const translations = localeStore(dir);
    expect((await translations('de')).only_en).toBe('English only');
    await fs.writeFile(path.join(dir, 'de.json'), JSON.stringify({ nav: { home: 'Start' }, only_en: 'Nur Englisch?' }));
    expect((await translations('de')).only_en).toBe('English only');
    expect((await translations('de', true)).only_en).toBe('Nur Englisch?');
  });

  it('does not remember a broken file', async () => {
    const translations = localeStore(dir);
    await fs.writeFile(path.join(dir, 'de.json'), '{ broken');
    await expect(translations('de')).rejects.toThrow();
    await fs.writeFile(path.join(dir, 'de.json'), JSON.stringify({ nav: { home: 'Start' } }));
    expect((await translations('de')).nav).toEqual({ home: 'Start', vendors: 'Lieferanten' });
  });
});
