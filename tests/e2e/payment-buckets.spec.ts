import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, withAppDb } from './support';

/**
 * Payment buckets (spec 3, 2.2, 4.3, 5.1) from the keyboard: a new bucket through its form (the name
 * required first), its payments (arranged in the database: the payments list is another area's) shown
 * per organization and currency on its details, and publish, after which its self-billing payments wait
 * for payout and the page says so once the job is done. axe on each screen in both themes.
 */

async function palette(page: Page, text: string, option: RegExp = new RegExp(text, 'i')) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(text);
  await expect(dialog.getByRole('option', { name: option }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** Two self-billing payments of a new vendor (payment method and tax data complete) in the bucket named `name`. */
async function paymentsInBucket(name: string): Promise<number[]> {
  return withAppDb(async (db) => {
    const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows;
    const [org] = await q<{ id: number }>('SELECT min(id) AS id FROM organizations');
    const [bucket] = await q<{ id: number }>('SELECT id FROM payment_buckets WHERE name = $1', [name]);
    const [payout] = await q<{ id: number }>(`INSERT INTO payouts (month, payout_types) VALUES ('2020-01-01', '{adsense}') RETURNING id`);
    const [contract] = await q<{ id: number }>(
      `INSERT INTO contracts (organization_id, contract_type, currency, start_date, state, credit_note_type) VALUES ($1, 'adsense', 'EUR', '2019-01-01', 'signed', 'short') RETURNING id`,
      [org.id],
    );
    const [source] = await q<{ id: number }>(`SELECT min(id) AS id FROM revenue_sources`);
    const ids: number[] = [];
    for (const [i, vendorName] of ['Bucket Vendor Süd', 'Bucket Vendor Nord'].entries()) {
      const [vendor] = await q<{ id: number }>(`INSERT INTO vendors (organization_id, number, name, type, language) VALUES ($1, 900000 + $2 + (SELECT count(*) FROM vendors), $3, 'company', 'de') RETURNING id`, [org.id, i, `${vendorName} ${bucket.id}`]);
      await q(`INSERT INTO vendor_tax_infos (vendor_id, self_billing_allowed) VALUES ($1, true)`, [vendor.id]);
      const [method] = await q<{ id: number }>(`INSERT INTO vendor_payment_methods (vendor_id, type, is_sepa, iban, account_holder, position) VALUES ($1, 'bank', true, 'DE89370400440532013000', 'Holder', 0) RETURNING id`, [vendor.id]);
      const [cv] = await q<{ id: number }>(`INSERT INTO contract_vendors (contract_id, vendor_id, share_percentage, vendor_payment_method_id) VALUES ($1, $2, 50, $3) RETURNING id`, [contract.id, vendor.id, method.id]);
      const [payment] = await q<{ id: number }>(
        `INSERT INTO payments (type, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, payment_bucket_id, currency, currency_rate, start_date, end_date, due_date, amount, vat_percentage, vat_amount, total_amount)
         VALUES ('self_billing', $1, $2, $3, $4, $5, $6, 'EUR', 0.9, '2020-01-01', '2020-01-31', '2020-02-29', $7, 19, $8, $9) RETURNING id`,
        [payout.id, org.id, contract.id, cv.id, vendor.id, bucket.id, ['100.00', '0.10'][i], ['19.00', '0.02'][i], ['119.00', '0.12'][i]],
      );
      await q(
        `INSERT INTO payment_line_items (payment_id, revenue_source_id, share_type, revenue_type, revenue, revenue_final, amount_raw, amount) VALUES ($1, $2, 'all', 'adsense', 1, 1, 1, $3)`,
        [payment.id, source.id, ['100.00', '0.10'][i]],
      );
      ids.push(payment.id);
    }
    return ids;
  });
}

test('creates a bucket, shows its payments and publishes them, keyboard only, with axe in both themes', async ({ page }) => {
  test.setTimeout(150_000);
  const name = `Bucket ${Date.now().toString(36)}`;
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  for (const key of ['g', 'b']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/payments\/payment-buckets$/);
  await expect(page.getByRole('heading', { name: 'Payment buckets', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // New bucket: the name is required, then saved; the list comes back with the success message.
  await palette(page, 'New payment bucket');
  await expect(page).toHaveURL(/\/payments\/payment-buckets\/new$/);
  const nameField = page.getByLabel(/^Name/);
  await expect(nameField).toBeFocused();
  await page.keyboard.press('Control+s');
  await expect(page.locator('[data-field="name"]')).toContainText("can't be blank");
  await expect(nameField).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.type(name);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Payment bucket successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/payment-buckets$/);

  const paymentIds = await paymentsInBucket(name);

  // The palette finds the bucket by name and opens its details: the payments per organization and currency.
  await palette(page, name, new RegExp(name));
  await expect(page).toHaveURL(/\/payments\/payment-buckets\/\d+\/show$/);
  await expect(page.getByRole('heading', { name: new RegExp(name), level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Payments by organization and currency' });
  await expect(summary.getByRole('row')).toHaveCount(2);
  await expect(summary).toContainText('100.10');
  await expect(summary).toContainText('119.12');
  await expect(page.getByRole('region', { name: 'Payment files' })).toContainText('No payment files yet.');
  await expect(page.getByRole('button', { name: 'Delete this entry' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/payment-bucket-show.png', fullPage: true });

  // Publish: a job; when it is done the page (read again every 10 s) no longer offers it.
  const publish = page.getByRole('button', { name: 'Publish payments' });
  await expect(publish).toBeEnabled();
  await palette(page, 'Publish payments');
  await expect(page.getByText('Publishing payments started')).toBeVisible();
  await expect(publish).toBeDisabled({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'A job is running' })).toHaveCount(0, { timeout: 30_000 });
  const states = await withAppDb((db) => db.query<{ state: string; has_note: boolean }>('SELECT state, credit_note_key IS NOT NULL AS has_note FROM payments WHERE id = ANY($1) ORDER BY id', [paymentIds]));
  expect(states.rows).toEqual([
    { state: 'payout_pending', has_note: true },
    { state: 'payout_pending', has_note: true },
  ]);

  // Dark theme: the list, the form and the details again.
  await palette(page, 'dark', /theme/i);
  for (const url of ['/payments/payment-buckets', '/payments/payment-buckets/new', page.url()]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
});
