import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, palette, signIn, tabTo, withAppDb } from './support';

/**
 * Payment files (spec 3, 4.3; DOMAIN "Buckets and payment files") from the keyboard: a bucket with two
 * payout_pending EUR payments to SEPA accounts of an organization of its own (arranged in the database),
 * create payment files from the palette, download the SEPA file from its row, update it, delete it; axe
 * on the details with a file.
 */

/** A bucket named `name` with two payout_pending payments of a new organization that has a EUR debtor account. */
async function exportableBucket(name: string): Promise<{ bucket: number; payments: number[]; org: string }> {
  return withAppDb(async (db) => {
    const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows;
    const tag = Date.now().toString(36);
    const orgName = `Files Müller & Søn ${tag}`;
    const [org] = await q<{ id: number }>(
      `-- four_eyes off: one person walks the whole money flow here; four eyes has its own tests (tests/api/four-eyes.test.ts)
       INSERT INTO organizations (name, number, country_code, currency, city, postal_code, street, street_number, vendor_source_prefix_external, vendor_source_prefix_internal, vendor_source_prefix_network, four_eyes)
       VALUES ($1, $2, 'DE', 'EUR', 'Berlin', '10115', 'Torstraße', '1', '100', '200', '300', false) RETURNING id`,
      [orgName, `F${tag}`],
    );
    await q(`INSERT INTO organization_debtor_accounts (organization_id, position, currency, iban, bic, account_holder) VALUES ($1, 0, 'EUR', 'DE02120300000000202051', 'BYLADEM1001', $2)`, [org.id, orgName]);
    const [bucket] = await q<{ id: number }>('INSERT INTO payment_buckets (name) VALUES ($1) RETURNING id', [name]);
    const [payout] = await q<{ id: number }>(`INSERT INTO payouts (month, payout_types) VALUES ('2020-01-01', '{adsense}') RETURNING id`);
    const [contract] = await q<{ id: number }>(
      `INSERT INTO contracts (organization_id, contract_type, currency, start_date, state, credit_note_type) VALUES ($1, 'adsense', 'EUR', '2019-01-01', 'signed', 'short') RETURNING id`,
      [org.id],
    );
    const [source] = await q<{ id: number }>(`SELECT min(id) AS id FROM revenue_sources`);
    const payments: number[] = [];
    for (const [i, vendorName] of ['Łukasz Wiśniewski', 'Γεώργιος Παπαδόπουλος'].entries()) {
      const [vendor] = await q<{ id: number }>(`INSERT INTO vendors (organization_id, number, name, type, language) VALUES ($1, $2, $3, 'company', 'de') RETURNING id`, [org.id, 100 + i, vendorName]);
      await q(`INSERT INTO vendor_addresses (vendor_id, country_code, postal_code, city, street, street_number) VALUES ($1, 'PL', '90-001', 'Łódź', 'Piotrkowska', '1')`, [vendor.id]);
      const [method] = await q<{ id: number }>(
        `INSERT INTO vendor_payment_methods (vendor_id, type, is_sepa, iban, account_holder, position) VALUES ($1, 'bank', true, 'PL61109010140000071219812874', $2, 0) RETURNING id`,
        [vendor.id, vendorName],
      );
      const [cv] = await q<{ id: number }>(`INSERT INTO contract_vendors (contract_id, vendor_id, share_percentage, vendor_payment_method_id) VALUES ($1, $2, 50, $3) RETURNING id`, [contract.id, vendor.id, method.id]);
      const [payment] = await q<{ id: number }>(
        `INSERT INTO payments (type, state, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, payment_bucket_id, currency, currency_rate, start_date, end_date, due_date, amount, total_amount)
         VALUES ('invoice', 'payout_pending', $1, $2, $3, $4, $5, $6, 'EUR', 0.9, '2020-01-01', '2020-01-31', '2020-02-29', $7, $7) RETURNING id`,
        [payout.id, org.id, contract.id, cv.id, vendor.id, bucket.id, ['100.00', '0.10'][i]],
      );
      await q(`INSERT INTO payment_line_items (payment_id, revenue_source_id, share_type, revenue_type, revenue, revenue_final, amount_raw, amount) VALUES ($1, $2, 'all', 'adsense', 1, 1, 1, $3)`, [
        payment.id,
        source.id,
        ['100.00', '0.10'][i],
      ]);
      payments.push(payment.id);
    }
    return { bucket: bucket.id, payments, org: orgName };
  });
}

test('creates payment files, downloads, updates and deletes one, keyboard only, with axe', async ({ page }) => {
  test.setTimeout(150_000);
  const name = `Files ${Date.now().toString(36)}`;
  const { payments, org } = await exportableBucket(name);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();

  await palette(page, name, new RegExp(name));
  await expect(page).toHaveURL(/\/payments\/payment-buckets\/\d+\/show$/);
  const files = page.getByRole('region', { name: 'Payment files' });
  await expect(files).toContainText('No payment files yet.');

  // Create payment files: a job; the page reads the bucket again until the file is there.
  await palette(page, 'Create payment files');
  await expect(page.getByText('Creating payment files started')).toBeVisible();
  const download = files.getByRole('button', { name: `Download ${org} EUR SEPA` });
  await expect(download).toBeVisible({ timeout: 40_000 });
  await expect(files.getByRole('row')).toHaveCount(2);
  await expect(files).toContainText('100.10');
  const states = await withAppDb((db) => db.query<{ state: string }>('SELECT state FROM payments WHERE id = ANY($1) ORDER BY id', [payments]));
  expect(states.rows.map((r) => r.state)).toEqual(['exported', 'exported']);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/payment-files-show.png', fullPage: true });

  // Update the file's content (same payments, so the same figures): allowed while it was not downloaded.
  await tabTo(page, files.getByRole('button', { name: `Update ${org} EUR SEPA` }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment file updated')).toBeVisible();

  // Delete (the palette: the bucket has one file), confirmed; the payments wait for payout again.
  await palette(page, 'Delete payment file');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Do you really want to delete this entry?');
  await expectNoAxeViolations(page);
  await tabTo(page, confirm.getByRole('button', { name: /^(OK|Delete)$/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment file deleted; its payments are pending payout again')).toBeVisible();
  await expect(files).toContainText('No payment files yet.');
  const after = await withAppDb((db) => db.query<{ state: string }>('SELECT state FROM payments WHERE id = ANY($1) ORDER BY id', [payments]));
  expect(after.rows.map((r) => r.state)).toEqual(['payout_pending', 'payout_pending']);

  // Made again (once the page has read the bucket again), then downloaded from the row: the server's name, the SEPA XML with the transliterated names.
  const create = page.getByRole('main').getByRole('button', { name: 'Create payment files' });
  await expect(create).not.toHaveAttribute('aria-disabled', 'true');
  await tabTo(page, create, { back: true });
  await page.keyboard.press('Enter');
  await expect(download).toBeVisible({ timeout: 40_000 });
  await tabTo(page, download);
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toMatch(/^payments-\d+-\d+-EUR-\d+\.xml$/);
  const xml = fs.readFileSync((await file.path())!, 'utf8');
  expect(xml).toContain('<CtrlSum>100.10</CtrlSum>');
  expect(xml).toContain('<Nm>Lukasz Wisniewski</Nm>');
  // Downloaded: what the bank got. The row says so; update and delete are disabled with the reason.
  await expect(files).toContainText('Downloaded');
  const update = files.getByRole('button', { name: `Update ${org} EUR SEPA` });
  await expect(update).toHaveAttribute('aria-disabled', 'true');
  await expect(update).toHaveAttribute('title', 'Downloaded files are what the bank got: they are never rewritten or deleted');
  await expect(files.getByRole('button', { name: `Delete ${org} EUR SEPA` })).toHaveAttribute('aria-disabled', 'true');
});

test('a bucket whose organization has no debtor account says why no file was made, keyboard only, with axe', async ({ page }) => {
  test.setTimeout(150_000);
  const name = `No debtor ${Date.now().toString(36)}`;
  const { payments, org } = await exportableBucket(name);
  await withAppDb((db) => db.query('DELETE FROM organization_debtor_accounts WHERE organization_id = (SELECT organization_id FROM payments WHERE id = $1)', [payments[0]]));
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();

  await palette(page, name, new RegExp(name));
  await expect(page).toHaveURL(/\/payments\/payment-buckets\/\d+\/show$/);
  await palette(page, 'Create payment files');
  await expect(page.getByText('Creating payment files started')).toBeVisible();
  // The job gives up after its retry; the page, reading the bucket while it runs, then shows the server's reason.
  const failure = page.getByRole('region', { name: 'Last job failed' });
  await expect(failure).toContainText('Creating payment files failed', { timeout: 60_000 });
  await expect(failure).toContainText(`No debtor account for ${org} (EUR)`);
  await expect(page.getByRole('region', { name: 'Payment files' })).toContainText('No payment files yet.');
  const states = await withAppDb((db) => db.query<{ state: string }>('SELECT state FROM payments WHERE id = ANY($1) ORDER BY id', [payments]));
  expect(states.rows.map((r) => r.state)).toEqual(['payout_pending', 'payout_pending']);
  await expectNoAxeViolations(page);
});
