import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, openPalette, rowMenu, signIn, tabTo, withAppDb } from './support';

const INVOICE_PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

/**
 * Payments (issue 15) from the keyboard. The payout's payments tab: the preview of the run (a missing
 * rate named first), create payments (its job runs, the page polls), the summary, delete payments.
 * Each test arranges its own organization, contract and payout, so the demo data stays as it is.
 */

/** Runs a command from the palette by its title (Ctrl+K again if pressed before a fresh page bound its keys). */
async function runCommand(page: Page, title: string) {
  const palette = await openPalette(page);
  await page.keyboard.type(title);
  await expect(palette.getByRole('option', { name: new RegExp(title) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

/**
 * An organization with `vendorCount` vendors (19 % VAT, equal shares) on a signed contract (indirect share: 30 % over a 100.00
 * baseline), one revenue source with 1234.56 USD allocated in a payout of `month`, and the payout's
 * USD→EUR rate `rate`. Answers the payout's and the contract's ids.
 */
async function arrangePayout(tag: string, month: string, rate: string, vendorCount = 1): Promise<{ payoutId: number; contractId: number; orgName: string }> {
  return withAppDb(async (db) => {
    const n = 800 + Math.floor(Math.random() * 99_000);
    const orgName = `E2E ${tag} ${n} GmbH`;
    const one = async (text: string, values: unknown[]) => (await db.query<{ id: number }>(text, values)).rows[0].id;
    const org = await one(
      `-- four_eyes off: one person walks the whole money flow here; four eyes has its own tests (tests/api/four-eyes.test.ts)
       INSERT INTO organizations (name, number, country_code, currency, city, postal_code, street, street_number, vendor_source_prefix_external, vendor_source_prefix_internal, vendor_source_prefix_network, four_eyes)
       VALUES ($1, $2, 'DE', 'EUR', 'Berlin', '10115', 'Invalidenstraße', '3', $3, $4, $5, false) RETURNING id`,
      [orgName, `E${n}`, '901', '902', '903'],
    );
    const contract = await one(
      `INSERT INTO contracts (organization_id, contract_type, currency, start_date, state, credit_note_type) VALUES ($1, 'adsense', 'EUR', '2020-01-01', 'signed', 'short') RETURNING id`,
      [org],
    );
    await db.query(`INSERT INTO contract_revenue_shares (contract_id, type, formula, rev_share, baseline) VALUES ($1, 'indirect', 'rev_share', 30, 100.00)`, [contract]);
    // Shares that add up to 100 (the last takes the rest).
    const shares = Array.from({ length: vendorCount }, (_, i) => (i < vendorCount - 1 ? (100 / vendorCount).toFixed(4) : (100 - Number((100 / vendorCount).toFixed(4)) * (vendorCount - 1)).toFixed(4)));
    for (let i = 0; i < vendorCount; i++) {
      const name = vendorCount === 1 ? `E2E ${tag} Vendor` : `E2E ${tag} Vendor ${i + 1}`;
      const vendor = await one(`INSERT INTO vendors (organization_id, number, name, type) VALUES ($1, $2, $3, 'company') RETURNING id`, [org, i + 1, name]);
      await db.query(`INSERT INTO vendor_tax_infos (vendor_id, vat_percentage, withholding_tax_percentage) VALUES ($1, 19, 0)`, [vendor]);
      await db.query(`INSERT INTO contract_vendors (contract_id, vendor_id, share_percentage, position) VALUES ($1, $2, $3, $4)`, [contract, vendor, shares[i], i]);
    }
    const source = await one(`INSERT INTO revenue_sources (type, reference_id, organization_id) VALUES ('youtube_label', $1, $2) RETURNING id`, [`E2E-${tag}-${n}`, org]);
    await db.query(`INSERT INTO contract_revenue_sources (contract_id, revenue_source_id) VALUES ($1, $2)`, [contract, source]);
    const payoutId = await one(`INSERT INTO payouts (month, payout_types, label) VALUES ($1, '{adsense}', $2) RETURNING id`, [month, `E2E ${tag} ${n}`]);
    await db.query(`INSERT INTO currency_rates (date, base_currency, target_currency, rate, payout_id) VALUES ($1, 'USD', 'EUR', $2, $3)`, [month, rate, payoutId]);
    await db.query(
      `INSERT INTO payout_revenues (payout_id, payout_file_id, revenue_type, revenue, revenue_source_id, allocated_by) VALUES ($1, 0, 'adsense', 1000.00, $2, 'manual'), ($1, 0, 'audio_tier', 234.56, $2, 'manual')`,
      [payoutId, source],
    );
    return { payoutId, contractId: contract, orgName };
  });
}

test("previews, creates and deletes a payout's payments, keyboard only", async ({ page }) => {
  test.setTimeout(120_000);
  const { payoutId, contractId, orgName } = await arrangePayout('Preview', '2024-03-01', '0');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  await page.goto(`/payouts/${payoutId}/show/payments`);

  // A zero rate: the preview names the pair, and the run is refused with the same message.
  const preview = page.getByRole('region', { name: 'Preview of the payment run' });
  await expect(preview.getByRole('alert')).toHaveText('A currency rate is missing or zero for USD->EUR: add it on the currency rates tab before creating payments.');
  await runCommand(page, 'Create payments');
  // the refusal's toast beside the preview's alert
  await expect(page.getByText('A currency rate is missing or zero for USD->EUR', { exact: false })).toHaveCount(2);
  await withAppDb((db) => db.query(`UPDATE currency_rates SET rate = 1 WHERE payout_id = $1`, [payoutId]));
  await page.reload();

  // The preview: 1234.56 USD at 1, max(1234.56 - 100.00, 0) × 30% = 340.37; VAT 19 % 64.67; total 405.04.
  const toggle = preview.getByRole('button', { name: `Contract ${contractId}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const shares = preview.getByRole('table', { name: `Revenue by share type of contract ${contractId}` });
  await expect(shares.getByRole('row', { name: /Indirect/ })).toContainText('max(1,234.56 - 100.00, 0) × 30% = 340.37');
  const vendors = preview.getByRole('table', { name: `Payments for the vendors of contract ${contractId}` });
  await expect(vendors.getByRole('row', { name: /E2E Preview Vendor/ })).toContainText('405.04 EUR');
  await expect(preview.getByRole('table', { name: 'Would create' }).getByRole('row', { name: new RegExp(orgName) })).toContainText('64.67 EUR');
  await expectNoAxeViolations(page);
  // The contract folds and opens from the keyboard.
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(shares).toBeHidden();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // Create: the job runs, the page polls until it is done and the summary shows the payment.
  await runCommand(page, 'Create payments');
  await expect(page.getByText('Payments are being created')).toBeVisible();
  const summary = page.getByRole('grid', { name: 'Payments summary' });
  await expect(summary.getByRole('row', { name: new RegExp(orgName) })).toContainText('405.04 EUR', { timeout: 40_000 });
  // The preview is read again once the page's poll (10 s) sees the run done, which may come after the summary shows it.
  await expect(preview.getByText('payments created')).toBeVisible({ timeout: 40_000 });
  await expect(preview.getByText("Nothing left to create: every contract's payments exist")).toBeVisible();
  // The payments show as their transaction commits; the job is done (and delete allowed) at a later poll.
  await expect(page.getByText(/^Running:/)).toBeHidden({ timeout: 40_000 });
  await expect(page.locator('[data-command="payouts.delete_payments"]')).not.toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page);

  // Delete while all are new: confirmed, then the summary is empty and the run can be started again.
  await runCommand(page, 'Delete payments');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete all payments of this payout?');
  await expectNoAxeViolations(page);
  await tabTo(page, confirm.getByRole('button', { name: 'Delete payments' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payments of this payout deleted')).toBeVisible();
  await expect(summary.getByText('This payout has no payments yet')).toBeVisible();
  await expect(page.locator('[data-command="payouts.create_payments"]')).not.toHaveAttribute('aria-disabled', 'true');
});

test('filters the payments list, pauses and resumes three, attaches, verifies, pays out and cancels with a replacement, keyboard only', async ({ page }) => {
  test.setTimeout(180_000);
  const { payoutId, orgName } = await arrangePayout('List', '2024-04-01', '1', 3);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  // The run creates the three payments (its job; the page polls until it is done).
  await page.goto(`/payouts/${payoutId}/show/payments`);
  await runCommand(page, 'Create payments');
  await expect(page.getByRole('grid', { name: 'Payments summary' }).getByRole('row', { name: new RegExp(orgName) })).toContainText('405.05 EUR', { timeout: 40_000 }); // three VATs, each rounded

  // The list, filtered to the organization from the filter popover.
  await page.getByRole('main').focus();
  for (const key of ['g', 'p']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('navigation', { name: 'Payments views' }).getByRole('link', { name: 'Payment buckets' })).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).press('Enter');
  const popover = page.getByRole('dialog', { name: 'Filter' });
  const organization = popover.getByRole('combobox', { name: 'Organization' });
  await tabTo(page, organization);
  await page.keyboard.type(orgName);
  await expect(organization.locator('option:checked')).toHaveText(orgName);
  await expectNoAxeViolations(page);
  await tabTo(page, popover.getByRole('button', { name: 'Filter' }));
  await page.keyboard.press('Enter');
  await expect(popover).toBeHidden();
  const grid = page.getByRole('grid', { name: 'Payments' });
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(grid.getByRole('row', { name: /E2E List Vendor 1/ })).toContainText('New');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/payments-list.png' });

  // Select the three and pause them (confirmed with the count), then resume them.
  const selectThree = async () => {
    await grid.getByRole('row').nth(1).focus();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('x');
      if (i < 2) await page.keyboard.press('ArrowDown');
    }
    await expect(grid.locator('[aria-selected="true"]')).toHaveCount(3);
  };
  await selectThree();
  await runCommand(page, 'Pause selected');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Pause 3 payments?');
  await expectNoAxeViolations(page);
  await tabTo(page, confirm.getByRole('button', { name: 'Pause selected' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payments paused: 3')).toBeVisible();
  await expect(grid.getByText('On hold')).toHaveCount(3);
  // the action re-reads the list, which starts a new selection
  await selectThree();
  await runCommand(page, 'Resume selected');
  await expect(confirm).toContainText('Resume 3 payments?');
  await tabTo(page, confirm.getByRole('button', { name: 'Resume selected' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payments resumed: 3')).toBeVisible();
  await expect(grid.getByText('New', { exact: true })).toHaveCount(3);
  await page.keyboard.press('Escape');

  // One payment: attach an invoice, verify it, pay it out, then cancel it with a replacement.
  const first = grid.getByRole('row', { name: /E2E List Vendor 1/ });
  // The grid's cursor follows the keys: the focused row (the last, ids descending) becomes the commands' row.
  const focusRow = async (row: typeof first) => {
    await row.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await expect(row).toBeFocused();
  };
  // Row commands are in the row's menu (Shift+F10).
  const firstRowMenu = async (name: string) => {
    await focusRow(first);
    await rowMenu(page, name);
  };
  await firstRowMenu('Attach invoice');
  const attach = page.getByRole('dialog', { name: /^Attach invoice to / });
  await expect(attach).toBeVisible();
  await attach.getByLabel(/^Invoice \(PDF\)/).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from(INVOICE_PDF) });
  await expectNoAxeViolations(page);
  await tabTo(page, attach.getByRole('button', { name: 'Attach invoice' }));
  await page.keyboard.press('Enter');
  // The message, not the details pane's "Invoice attached" label, which shows once the payment is read again.
  await expect(page.getByRole('status').getByText('Invoice attached')).toBeVisible();
  await expect(first).toContainText('Invoice added');
  // Staff read the invoice before they verify it: the row menu saves it under the server's name, as uploaded.
  const download = page.waitForEvent('download');
  await firstRowMenu('Download invoice');
  const invoice = await download;
  expect(invoice.suggestedFilename()).toMatch(/^invoice-P\d{8}\.pdf$/);
  expect((await fs.readFile(await invoice.path())).toString()).toBe(INVOICE_PDF);

  await firstRowMenu('Verify invoice');
  const verify = page.getByRole('dialog', { name: /^Verify invoice of / });
  await expect(verify.getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.keyboard.type('Checked against the contract');
  await expectNoAxeViolations(page);
  await tabTo(page, verify.getByRole('button', { name: 'Verify invoice' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invoice verified')).toBeVisible();
  await expect(first).toContainText('Payout pending');

  await focusRow(first);
  await page.keyboard.press('Shift+P');
  await expect(confirm).toContainText('Pay out 1 payments?');
  await tabTo(page, confirm.getByRole('button', { name: /^Pay out/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payments paid out: 1')).toBeVisible();
  await expect(first).toContainText('Paid out');

  await firstRowMenu('Cancel payment');
  const cancel = page.getByRole('dialog', { name: /^Cancel payment / });
  const replacement = cancel.getByRole('combobox', { name: /Replacement contract vendor/ });
  await expect(replacement).toBeFocused();
  await page.keyboard.type('E2E List Vendor 2');
  await expect(replacement.locator('option:checked')).toContainText('E2E List Vendor 2');
  await expectNoAxeViolations(page);
  await tabTo(page, cancel.getByRole('button', { name: 'Cancel payment' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment cancelled')).toBeVisible();
  // the paid payment is cancelled, a reversal and the replacement's payment are added
  await expect(grid.getByRole('row')).toHaveCount(6);
  await expect(grid.getByText('Cancelled')).toHaveCount(1);
  await expect(grid.getByRole('row', { name: /E2E List Vendor 1/ }).filter({ hasText: '-135.02 EUR' })).toHaveCount(1);
  await expect(grid.getByRole('row', { name: /E2E List Vendor 2/ })).toHaveCount(2);
  await page.screenshot({ path: 'test-results/payments-after-cancel.png' });
});
