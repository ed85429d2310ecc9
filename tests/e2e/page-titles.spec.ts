import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/client/route-table';
import { screenUrls } from './routes';
import { signIn } from './support';

/**
 * Every page has its own title and a route change is announced (issue 24, item 9; WCAG 2.4.2): the
 * walk goes through every route of the route table by in-app navigation, as a link or a go-to key does.
 */

const de = JSON.parse(fs.readFileSync(new URL('../../locales/de.json', import.meta.url), 'utf8')) as { nav: { vendors: string }; pages: { vendors: { new: string } } };

const announcer = (page: Page) => page.locator('[data-route-announcer]');

/** Navigates inside the app (wouter follows history.pushState) and answers the settled title. */
async function visit(page: Page, url: string, named: boolean): Promise<string> {
  const before = { title: await page.title(), path: new URL(page.url()).pathname };
  await page.evaluate((to) => history.pushState(null, '', to), url);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A record's page is titled by the record once it is loaded: "Deutsche Bank · Edit bank · Remit".
  await expect.poll(() => page.title()).toMatch(named ? /^.+ · .+ · Remit$/ : /^.+ · Remit$/);
  const title = await page.title();
  // (a route that sends on to another, /revenue-sources, may land where the walk already is)
  if (title === before.title && new URL(page.url()).pathname !== before.path) throw new Error(`${url} kept the title of the page before: ${title}`);
  // The live region says the same name, without the product's (read together: a record's name may still arrive).
  // (polled as one condition: an amendment's title gains its number once the amendment, after its contract, is loaded)
  await expect
    .poll(async () => {
      const [now, said] = [await page.title(), await announcer(page).textContent()];
      return said === now.replace(/ · Remit$/, '') ? 'same' : `${now} ≠ ${said}`;
    })
    .toBe('same');
  return page.title();
}

test('every route has a title of its own, announced when the route changes, in English and German', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  await expect(page).toHaveTitle('Home · Remit');
  await expect(announcer(page)).toHaveAttribute('aria-live', 'polite');

  const titles = new Map<string, string>();
  for (const route of ROUTES) {
    if (route.id === 'home') continue;
    const [url] = await screenUrls(route.id);
    const title = await visit(page, url, Boolean(route.needsEntity));
    const landed = new URL(page.url()).pathname;
    const other = titles.get(title);
    if (other !== undefined && other !== landed) throw new Error(`${landed} and ${other} share the title ${title}`);
    titles.set(title, landed);
  }
  await visit(page, '/', false);
  await expect(page).toHaveTitle('Home · Remit');
  await visit(page, '/no-such-page', false);
  await expect(page).toHaveTitle('Page not found · Remit');

  await page.evaluate(() => localStorage.setItem('remit.language', 'de'));
  try {
    await page.goto('/vendors');
    await expect(page).toHaveTitle(`${de.nav.vendors} · Remit`);
    await visit(page, '/vendors/new', false);
    await expect(page).toHaveTitle(`${de.pages.vendors.new} · Remit`);
  } finally {
    await page.evaluate(() => localStorage.removeItem('remit.language'));
  }
});
