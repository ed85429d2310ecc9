import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openPalette, signIn, withAppDb } from './support';

/**
 * Vendor statements (issue 16) from the keyboard: on a payment's page the palette downloads its statement
 * as PDF and CSV under the server's names; the CSV's total is the payment's. Only reads a demo payment.
 */

async function paletteDownload(page: Page, title: string) {
  const palette = await openPalette(page);
  await page.keyboard.type(title);
  await expect(palette.getByRole('option', { name: new RegExp(title.replace(/[()]/g, '\\$&')) }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  await expect(palette).toBeHidden();
  // Focus is back on the page, not on <body>.
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  return file;
}

test('downloads a payment’s statement as PDF and CSV from the palette, keyboard only', async ({ page }) => {
  const payment = await withAppDb(
    async (db) =>
      (await db.query<{ id: string; reference: string; total_amount: string }>(`SELECT id::text, reference, total_amount::text FROM payments WHERE type <> 'reversal' ORDER BY id LIMIT 1`))
        .rows[0],
  );
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  await page.goto(`/payments/${payment.id}/show`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(payment.reference);

  const pdf = await paletteDownload(page, 'Download statement (PDF)');
  expect(pdf.suggestedFilename()).toBe(`statement-${payment.reference}.pdf`);
  expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

  const csv = await paletteDownload(page, 'Download statement (CSV)');
  expect(csv.suggestedFilename()).toBe(`statement-${payment.reference}.csv`);
  const lines = (await fs.readFile(await csv.path(), 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('record,reference,revenue_source,share_type,revenue_type,revenue_usd,currency_rate,revenue,formula,percentage,amount,currency');
  const total = lines.find((l) => l.startsWith('total,'))!.split(',');
  expect(total[10]).toBe(payment.total_amount);
});
