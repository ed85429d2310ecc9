import { expect, test, type Download, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { DEMO_PASSWORD, expectNoAxeViolations, signIn, withAppDb } from './support';

/**
 * Financial reports (spec 3, 2.6, 7.6) from the keyboard, as the demo's finance user (role
 * financial_reports): the page from its go-to keys, the withholding-tax card's year and quarter, the
 * download under the server's file name from the card's button and from the palette. The file's totals
 * are checked against the paid payments of the quarter (in the organization's time zone; a reversal is
 * a receivable on the balance, no payment) in the app's database.
 */
async function totalsMatchDatabase(file: Download, year: number, quarter: number) {
  const [sheet] = await readXlsxFile((await file.path())!, { parseNumber: (s: string) => s });
  expect(sheet.data[0]).toEqual(['Organization', 'Vendor number', 'Vendor', 'Country', 'Tax ID', 'Currency', 'Payments', 'Amount', 'WHT %', 'Tax withheld', 'Paid out']);
  const from = `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-01`;
  // Paid in the quarter where the organization is; reversals are netted in later payments, not counted.
  const paid = await withAppDb((db) =>
    db.query<{ currency: string; n: string; wht: string }>(
      `SELECT currency, sum(n)::text AS n, sum(wht)::text AS wht FROM (
         SELECT p.currency, 1 AS n, p.wht_amount AS wht, p.paid_at AT TIME ZONE o.time_zone AS at
         FROM payments p JOIN organizations o ON o.id = p.organization_id WHERE p.type <> 'reversal' AND p.paid_at IS NOT NULL
       ) counted
       WHERE at >= $1::date AND at < $1::date + interval '3 months'
       GROUP BY currency ORDER BY currency`,
      [from],
    ),
  );
  const totals = sheet.data.filter((r) => String(r[0]).startsWith('Total'));
  expect(totals.map((r) => [r[5], r[6], r[9]])).toEqual(paid.rows.map((r) => [r.currency, r.n, r.wht.replace(/\.?0+$/, '')]));
  return sheet.data;
}

/** A paid payment of its own payout (removed again after the test, so no other spec sees it). */
async function arrangePaidPayment(paidAt: string): Promise<{ payoutId: number; vendor: string }> {
  return withAppDb(async (db) => {
    const cv = (
      await db.query<{ id: number; contract_id: number; vendor_id: number; organization_id: number; name: string }>(
        `SELECT cv.id, cv.contract_id, cv.vendor_id, c.organization_id, v.name FROM contract_vendors cv
         JOIN contracts c ON c.id = cv.contract_id JOIN vendors v ON v.id = cv.vendor_id ORDER BY cv.id LIMIT 1`,
      )
    ).rows[0];
    const payout = (await db.query<{ id: number }>(`INSERT INTO payouts (month, payout_types) VALUES ('2019-01-01', '{adsense}') RETURNING id`)).rows[0];
    // 1234.56 with 15% withholding tax (185.18): 1049.38 paid out.
    await db.query(
      `INSERT INTO payments (type, state, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, currency, currency_rate,
                             start_date, end_date, due_date, paid_at, amount, wht_percentage, wht_amount, total_amount)
       VALUES ('invoice', 'paid_out', $1, $2, $3, $4, $5, 'EUR', 1, '2019-01-01', '2019-01-31', '2019-02-28', $6, 1234.56, 15, 185.18, 1049.38)`,
      [payout.id, cv.organization_id, cv.contract_id, cv.id, cv.vendor_id, paidAt],
    );
    return { payoutId: payout.id, vendor: cv.name };
  });
}

test('downloads the withholding-tax report of a chosen quarter, keyboard only', async ({ page }) => {
  const lastYear = new Date().getUTCFullYear() - 1;
  const arranged = await arrangePaidPayment(`${lastYear}-02-15T10:00:00Z`);
  try {
    await downloads(page, arranged.vendor);
  } finally {
    await withAppDb(async (db) => {
      await db.query('DELETE FROM payments WHERE payout_id = $1', [arranged.payoutId]);
      await db.query('DELETE FROM payouts WHERE id = $1', [arranged.payoutId]);
    });
  }
});

async function downloads(page: Page, vendor: string) {
  await signIn(page, 'finance@remit.local', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Hello Fiona' })).toBeVisible();
  for (const key of ['g', 'i']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/financial-reports$/);
  await expect(page.getByRole('heading', { name: 'Financial reports', level: 1 })).toBeVisible();

  const card = page.getByRole('form', { name: 'Withholding-tax report' });
  const year = card.getByRole('combobox', { name: /^Year/ });
  const quarter = card.getByRole('combobox', { name: /^Quarter/ });
  // The card's first field takes the focus; the last completed quarter is preselected.
  await expect(year).toBeFocused();
  const now = new Date();
  const current = Math.floor(now.getUTCMonth() / 3) + 1;
  const last = current === 1 ? { year: now.getUTCFullYear() - 1, quarter: 4 } : { year: now.getUTCFullYear(), quarter: current - 1 };
  await expect(year).toHaveValue(String(last.year));
  await expect(quarter).toHaveValue(String(last.quarter));
  await expectNoAxeViolations(page);

  // Last year's first quarter, picked by type-ahead; then the card's button.
  await page.keyboard.type(String(now.getUTCFullYear() - 1));
  await expect(year).toHaveValue(String(now.getUTCFullYear() - 1));
  await page.keyboard.press('Tab');
  await expect(quarter).toBeFocused();
  await page.keyboard.type('Q1');
  await expect(quarter).toHaveValue('1');
  await page.keyboard.press('Tab');
  const button = card.getByRole('button', { name: 'Download withholding-tax report' });
  await expect(button).toBeFocused();
  let download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  let file = await download;
  expect(file.suggestedFilename()).toBe(`withholding-tax-report-${now.getUTCFullYear() - 1}-Q1.xlsx`);
  const rows = await totalsMatchDatabase(file, now.getUTCFullYear() - 1, 1);
  expect(rows.find((r) => r[2] === vendor && r[7] === '1234.56')?.slice(5)).toEqual(['EUR', '1', '1234.56', '15', '185.18', '1049.38']);

  // This year's quarter from the palette, where the demo's paid payments are (if any): same file format.
  await year.focus();
  await page.keyboard.type(String(now.getUTCFullYear()));
  await page.keyboard.press('Tab');
  await page.keyboard.type(`Q${current}`);
  await expect(quarter).toHaveValue(String(current));
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('withholding');
  await expect(palette.getByRole('option', { name: /Download withholding-tax report/ }).first()).toBeVisible();
  download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  file = await download;
  expect(file.suggestedFilename()).toBe(`withholding-tax-report-${now.getUTCFullYear()}-Q${current}.xlsx`);
  await totalsMatchDatabase(file, now.getUTCFullYear(), current);
  // The palette closed; focus is back on the page, not on <body>.
  await expect(palette).toBeHidden();
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
}
