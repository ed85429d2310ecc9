import { expect, test, type Page, type Response } from '@playwright/test';
import { signIn } from './support';

/** Files under 1 KiB are sent as they are (see scripts/precompress.ts); everything else compressed. */
const expectCompressed = (assets: { path: string; encoding?: string; transferred: number }[], encoding: string) => {
  for (const asset of assets) if (asset.transferred >= 1024 || asset.encoding) expect(asset.encoding, asset.path).toBe(encoding);
};

/** Every script and style sheet the page loads while `during` runs, with its transferred size. */
async function assetsLoaded(page: Page, during: () => Promise<void>) {
  const responses: Response[] = [];
  const collect = (r: Response) => {
    if (/\.(js|css)$/.test(new URL(r.url()).pathname)) responses.push(r);
  };
  page.on('response', collect);
  await during();
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  return Promise.all(
    responses.map(async (r) => ({
      path: new URL(r.url()).pathname,
      encoding: (await r.allHeaders())['content-encoding'],
      transferred: (await r.request().sizes()).responseBodySize,
    })),
  );
}

test('the sign-in page gets its JavaScript and CSS brotli-compressed', async ({ page }) => {
  const assets = await assetsLoaded(page, async () => {
    await page.goto('/users/sign-in');
    await expect(page.getByLabel('E-mail')).toBeFocused();
  });
  expect(assets.length).toBeGreaterThan(0);
  expect(assets.filter((a) => a.encoding === 'br').length).toBeGreaterThan(0);
  expectCompressed(assets, 'br');
});

test('a list deep link gets its JavaScript brotli-compressed, and gzip when that is all the browser takes', async ({ page, browser }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  const fresh = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const listPage = await fresh.newPage();
    const assets = await assetsLoaded(listPage, async () => {
      await listPage.goto('/admin/banks');
      await expect(listPage.getByRole('grid')).toBeVisible();
    });
    expect(assets.some((a) => a.path.includes('grid'))).toBe(true);
    expectCompressed(assets, 'br');

    // An old proxy or browser that only takes gzip.
    const gz = await listPage.request.get(assets.find((a) => a.path.includes('grid'))!.path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
    expect(gz.headers().vary).toMatch(/accept-encoding/i);
  } finally {
    await fresh.close();
  }
});
