import { expect, test, type Page } from '@playwright/test';
import { signIn, tabTo, retype, withAppDb } from './support';

/**
 * What staff see is what is stored (issue 24): master data that reloads right, messages that say why,
 * figures in the reader's format. Keyboard only, apart from the address bar and F5 a user has too.
 */

const vendorId = (name: string) => withAppDb(async (db) => (await db.query<{ id: string }>('SELECT id FROM vendors WHERE name = $1', [name])).rows[0].id);

test.describe('what staff see is what is stored', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });

  test('a confirmed vendor opened by its address or reloaded shows every tab as stored, and offers no change request', async ({ page }) => {
    test.setTimeout(120_000);
    const id = await vendorId('Studio Nord GmbH');
    const banner = page.getByText('saving these changes creates a change request');
    const checks: Record<string, (page: Page) => Promise<void>> = {
      general: async (p) => {
        await expect(p.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Studio Nord GmbH');
        await expect(p.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('company');
      },
      contacts: async (p) => {
        await expect(p.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Jana');
        await expect(p.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('jana@studio-nord.example');
      },
      'payment-methods': async (p) => {
        await expect(p.getByRole('textbox', { name: 'IBAN', exact: true })).toHaveValue(/DE89 ?3704/);
      },
      address: async (p) => {
        await expect(p.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Hamburg');
        await expect(p.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue('Mönckebergstraße');
      },
      'tax-info': async (p) => {
        await expect(p.getByRole('textbox', { name: 'EU VAT id', exact: true })).toHaveValue('DE136695976');
        await expect(p.getByRole('combobox', { name: 'VAT percentage', exact: true })).toHaveValue(/^19(\.0+)?$/);
        await expect(p.getByRole('combobox', { name: 'Personally liable', exact: true })).toHaveValue('false');
        await expect(p.getByRole('switch', { name: 'Self-billing allowed', exact: true })).not.toBeChecked();
        await expect(p.getByRole('textbox', { name: 'Legal form', exact: true })).toHaveValue('GmbH');
      },
    };
    for (const [hash, check] of Object.entries(checks)) {
      await page.goto(`/vendors/${id}/edit#${hash}`);
      await check(page);
      await expect(banner).toHaveCount(0);
      await page.reload();
      await check(page);
      await expect(banner).toHaveCount(0);
    }
  });
  test('percentages read as people write them and an invalid tax id names the expected format, in English and German', async ({ page }) => {
    test.setTimeout(120_000);
    const id = await vendorId('Lena Hoffmann');
    // NUMERIC(7,4) pads to 19.0000; a fraction shows with the language's decimal sign.
    await withAppDb((db) => db.query("UPDATE vendor_tax_infos SET withholding_tax_percentage = '7.5' WHERE vendor_id = $1", [id]));
    await page.goto(`/vendors/${id}/show`);
    await expect(page.getByText('19 %', { exact: true })).toBeVisible();
    await expect(page.getByText('7.5 %', { exact: true })).toBeVisible();
    await expect(page.getByText(/19\.0000/)).toHaveCount(0);

    const studio = await vendorId('Studio Nord GmbH');
    await page.goto(`/vendors/${studio}/edit#tax-info`);
    const vatId = page.getByRole('textbox', { name: 'EU VAT id', exact: true });
    await expect(vatId).toHaveValue('DE136695976', { timeout: 20_000 });
    await tabTo(page, vatId);
    await retype(page, 'DE123');
    await page.keyboard.press('Tab');
    await expect(page.getByText('is invalid: expected an EU VAT id: country prefix and national number, e.g. DE136695976 or ATU13585627')).toBeVisible();

    // Leaving the edited form asks first (the leave guard): yes, drop the edit.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.evaluate(() => localStorage.setItem('remit.language', 'de'));
    try {
      await page.goto(`/vendors/${id}/show`);
      await expect(page.getByText('7,5 %', { exact: true })).toBeVisible({ timeout: 20_000 });
      await page.goto(`/vendors/${studio}/edit#tax-info`);
      const germanVatId = page.getByRole('textbox', { name: 'USt-IdNr.', exact: true });
      await expect(germanVatId).toHaveValue('DE136695976', { timeout: 20_000 });
      await tabTo(page, germanVatId);
      await retype(page, 'DE123');
      await page.keyboard.press('Tab');
      await expect(page.getByText(/ist ungültig: erwartet eine USt-IdNr\./)).toBeVisible();
    } finally {
      await page.evaluate(() => localStorage.removeItem('remit.language'));
    }
  });
});
