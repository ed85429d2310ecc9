import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, withAppDb, tabTo } from './support';

/**
 * Payouts (spec 3, 2.3, 4.2, 5.2, 5.3) from the keyboard: a new payout of this month, a claim file
 * uploaded through the upload dialog (a wrongly named one refused in the browser first) and imported
 * by its job, and a currency rate edited in place and saved as a whole.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Runs a command from the palette by its title. */
async function runCommand(page: Page, title: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(title);
  await expect(palette.getByRole('option', { name: new RegExp(title) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

/**
 * Waits until the server says no payout job runs any more (the job's link and pg-boss's state, as the
 * screen's status read asks): the job's end, from which the screen has a second (issue 24, item 6).
 */
async function payoutJobsEnded() {
  const running = () =>
    withAppDb(async (c) => {
      const { rows } = await c.query<{ n: number }>(`
        SELECT count(*)::int AS n FROM job_links l JOIN pgboss.job j ON j.name = l.name AND j.id = l.job_id
        WHERE l.name LIKE 'payouts.%' AND l.state IN ('queued', 'active') AND j.state IN ('created', 'retry', 'active')`);
      return rows[0].n;
    });
  await expect.poll(running, { intervals: [50], timeout: 40_000 }).toBe(0);
}

/** A small claim raw report (REPORTS.md's header): two rows, one with six decimals. */
function claimCsv(day: string): string {
  const header = [
    'Adjustment Type', 'Day', 'Country', 'Video ID', 'Channel ID', 'Asset ID', 'Asset Channel ID', 'Asset Type', 'Custom ID', 'Content Type', 'Policy',
    'Claim Type', 'Claim Origin', 'Owned Views', 'YouTube Revenue Split : Auction', 'YouTube Revenue Split : Reserved',
    'YouTube Revenue Split : Partner Sold YouTube Served', 'YouTube Revenue Split : Partner Sold Partner Served', 'YouTube Revenue Split',
    'Partner Revenue : Auction', 'Partner Revenue : Reserved', 'Partner Revenue : Partner Sold YouTube Served', 'Partner Revenue : Partner Sold Partner Served', 'Partner Revenue',
  ];
  const row = (video: string, revenue: string) =>
    ['None', day, 'DE', video, '', 'A0000000001', '', 'Web', '', 'UGC', 'Monetize in all countries', 'Audio', 'Audio match', '17', '0', '0', '0', '0', '0', revenue, '0', '0', '0', revenue].join(',');
  return [header.join(','), row('vid00000001', '1.25'), row('vid00000002', '0.000123')].join('\n') + '\n';
}

test('creates a payout, uploads and imports a claim file and saves an edited currency rate, keyboard only', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  for (const key of ['g', 'o']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/payouts$/);
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();

  // New payout: month of this month, AdSense; Save and continue goes to its page.
  await runCommand(page, 'New payout');
  await expect(page).toHaveURL(/\/payouts\/new$/);
  const month = page.getByRole('textbox', { name: /^Month/ });
  await expect(month).toBeFocused();
  const now = new Date();
  const yyyy = now.getFullYear();
  const mm = pad(now.getMonth() + 1);
  await page.keyboard.type(`${mm}.${yyyy}`);
  const types = page.getByRole('combobox', { name: /Payout types/ });
  await tabTo(page, types);
  await page.keyboard.type('AdSense');
  await expect(page.getByRole('option', { name: 'AdSense' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('AdSense').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByRole('button', { name: /^Save and continue/ })).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Payout successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/payouts\/\d+\/show$/);
  await expect(page.getByRole('heading', { name: new RegExp(`Payout.*${mm}\\.${yyyy}`), level: 1 })).toBeVisible();

  // Upload: a wrong name is refused in the browser, the claim file needs its summary (a hint), then it imports.
  await runCommand(page, 'Upload files');
  const dialog = page.getByRole('dialog', { name: 'Upload report files' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByLabel(/^Report files/);
  await expect(input).toBeFocused();
  const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();
  const last = new Date(yyyy, now.getMonth() + 1, 0).getDate();
  const claimName = `YouTube_RemitMusicDemo_M_${yyyy}${mm}01_${yyyy}${mm}${pad(last)}_claim_raw_v1-1.csv`;
  await input.setInputFiles([
    { name: claimName, mimeType: 'text/csv', buffer: Buffer.from(claimCsv(`${yyyy}${mm}01`)) },
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ]);
  await expect(dialog.getByText('File name has an invalid extension (allowed: .csv, .gz, .zip)')).toBeVisible();
  await expect(dialog.getByText(/its asset_summary file is missing/)).toBeVisible();
  await expect(upload).toBeDisabled();
  await expectNoAxeViolations(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Remove report.pdf' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('report.pdf')).toHaveCount(0);
  await expect(upload).toBeEnabled();
  await tabTo(page, upload);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Files uploaded: 1/)).toBeVisible();
  await expect(dialog).toBeHidden();
  const fileRow = page.getByRole('row', { name: new RegExp(claimName) });
  await expect(fileRow).toBeVisible();
  // The import job runs; soon after its end the page knows (a status read every 500 ms while jobs run;
  // the payout's 10 s re-read would come after the assertions' 7 s), says so in its live region and
  // shows the imported file.
  const jobsStatus = page.locator('[data-jobs-status]');
  await expect(jobsStatus).toHaveAttribute('role', 'status');
  await payoutJobsEnded();
  await expect(jobsStatus).toHaveText('Done: importing files.');
  await expect(fileRow.getByText('Imported (2 rows)')).toBeVisible();
  await expectNoAxeViolations(page);

  // Enter on the imported file previews its revenues, totals per currency.
  await fileRow.focus();
  await page.keyboard.press('Enter');
  const preview = page.getByRole('dialog', { name: `Revenue preview of ${claimName}` });
  await expect(preview).toBeVisible();
  await expect(preview.getByLabel('Totals per currency')).toContainText('1.250123');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Allocate: the default leaves withholding tax out; the job starts and the revenues tab shows the totals.
  await runCommand(page, 'Allocate revenues');
  await expect(page).toHaveURL(/\/show\/revenues$/);
  const allocate = page.getByRole('dialog', { name: 'Allocate revenues' });
  await expect(allocate).toBeVisible();
  await expect(allocate.getByRole('checkbox', { name: 'AdSense' })).toBeChecked();
  await expect(allocate.getByRole('checkbox', { name: 'Withholding tax' })).not.toBeChecked();
  await expect(allocate.getByRole('checkbox', { name: 'AdSense' })).toBeFocused();
  await expectNoAxeViolations(page);
  await tabTo(page, allocate.getByRole('button', { name: 'Allocate' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Allocation started')).toBeVisible();
  await expect(allocate).toBeHidden();
  // The allocation's end is known, said and shown soon after it, the reconciliation read again.
  await payoutJobsEnded();
  await expect(jobsStatus).toHaveText('Done: allocating revenues.');
  const reconciliation = page.getByRole('grid', { name: 'Reconciliation' });
  await expect(reconciliation.getByRole('row', { name: /AdSense/ })).toContainText('Balanced', { timeout: 2_000 });
  await expectNoAxeViolations(page);

  // Currency rates are locked while a job of the payout runs: the allocation's ends before the next read.
  await expect(page.getByText(/^Running:/)).toBeHidden({ timeout: 40_000 });
  // Currency rates: F2 edits the first rate, Enter keeps it in the list, Ctrl+S saves the list.
  await page.getByRole('navigation', { name: 'Payout views' }).getByRole('link', { name: 'Currency rates' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payouts\/\d+\/show\/currency-rates$/);
  const grid = page.getByRole('grid', { name: 'Currency rates' });
  const firstRow = grid.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await firstRow.focus();
  await page.keyboard.press('F2');
  const editor = grid.getByRole('textbox');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('-1');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('alert')).toContainText('is invalid');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('1.0825');
  await page.keyboard.press('Enter');
  await expect(firstRow).toContainText('1.0825');
  await expect(page.getByText(/Unsaved changes/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Currency rates saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Currency rates' }).getByRole('row').nth(1)).toContainText('1.0825');

  // The claim rows no rule placed are unallocated revenues of this month (the default filter); one is allocated by hand.
  const channel = await withAppDb((db) => db.query<{ reference_id: string }>(`SELECT reference_id FROM revenue_sources WHERE type = 'youtube_channel' ORDER BY id LIMIT 1`));
  const reference = channel.rows[0].reference_id;
  await page.getByRole('main').focus();
  for (const key of ['g', 'u']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/unallocated-revenues/);
  const unallocated = page.getByRole('grid', { name: 'Unallocated revenues' });
  const row = unallocated.getByRole('row', { name: /vid00000001/ });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await row.focus();
  await page.keyboard.press('x');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await runCommand(page, 'Allocate selected');
  const dialog2 = page.getByRole('dialog', { name: 'Allocate 1 revenues' });
  const sourceBox = dialog2.getByRole('combobox', { name: /Revenue source/ });
  await expect(sourceBox).toBeFocused();
  await page.keyboard.type(reference);
  await expect(page.getByRole('option', { name: new RegExp(reference) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expectNoAxeViolations(page);
  await tabTo(page, dialog2.getByRole('button', { name: 'Allocate' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Revenues allocated: 1')).toBeVisible();
  await expect(unallocated.getByRole('row', { name: /vid00000001/ })).toHaveCount(0);
});
