import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * The workbench in German (issue 10, language): country names and their search, react-aria's own
 * texts and the keycaps follow the language; English names still find a country.
 */
async function inGerman(page: Page) {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('remit.language', 'de'));
}

test.afterEach(async ({ page }) => {
  await page.evaluate(() => localStorage.removeItem('remit.language'));
});

test('German country search finds Deutschland by "Deu" and by "Germ"; the list names it in German', async ({ page }) => {
  await inGerman(page);
  await page.goto('/admin/banks/new');
  await expect(page.getByLabel('Name')).toBeFocused();
  const country = page.getByRole('combobox', { name: 'Land' });
  await expect(page.getByRole('button', { name: /Empfehlungen anzeigen/ })).toBeAttached();
  await page.keyboard.type('Sprachbank');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(country).toBeFocused();
  await page.keyboard.type('Deu');
  await expect(page.getByRole('option')).toHaveText(['Deutschland (DE)']);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Germ');
  await expect(page.getByRole('option')).toHaveText(['Deutschland (DE)']);
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('Deutschland (DE)');

  await page.goto('/admin/banks?q=Deutsche%20Bank');
  const row = page.getByRole('grid').getByRole('row', { name: /Deutsche Bank/ }).first();
  await expect(row).toContainText(', Deutschland');
  await expect(row).not.toContainText('Germany');
});

test('keycaps say Strg and Umschalt in German: title bar, help sheet and the Save buttons', async ({ page }) => {
  await inGerman(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hallo Admin' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.locator('kbd').first()).toHaveText('Strg');
  await expect(page.locator('kbd', { hasText: 'Ctrl' })).toHaveCount(0);

  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Tastenkürzel' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('kbd', { hasText: /^Strg$/ }).first()).toBeVisible();
  await expect(sheet.locator('kbd', { hasText: /^Umschalt$/ }).first()).toBeVisible();
  await expect(sheet.locator('kbd', { hasText: /^(Ctrl|Shift)$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/admin/tags/new');
  await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toContainText('Strg+S');
  await expect(page.getByRole('button', { name: 'Speichern und weiter bearbeiten' })).toContainText('Strg+Eingabe');
});
