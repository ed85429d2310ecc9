import { gunzipSync } from 'node:zlib';
import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, palette, rowMenu, signIn, tabTo, withAppDb } from './support';

/**
 * Payout files and revenues from the keyboard, beyond the upload-and-import path of payouts.spec.ts: the
 * demo payout's report files download (they are stored files), the unallocated revenues export, deleting
 * revenues (the revenues tab's dialog) and deleting a file with its rows.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Rows of a grid, without its header row. */
const bodyRows = (grid: Locator) => grid.locator('[data-row-index]:not([data-row-index="-1"])');

/** Puts the grid's cursor on `row` with its keys: Tab into the grid (its first row), then ↓. */
async function focusRow(page: Page, grid: Locator, row: Locator) {
  await expect(row).toBeVisible();
  const index = Number(await row.getAttribute('data-row-index'));
  await tabTo(page, grid.locator('[data-row-index="0"]'));
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect(row).toBeFocused();
}

/** Answers the confirmation: its focus starts on Cancel, Tab goes to the action. */
async function confirm(page: Page, action: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: action })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
});

test("downloads a demo payout's report file, whose rows are the file's imported rows", async ({ page }) => {
  const { id, name, rows } = await withAppDb(async (db) => {
    const file = (
      await db.query<{ payout_id: string; name: string; rows_count: string }>(
        `SELECT f.payout_id, f.name, f.rows_count FROM payout_files f JOIN payouts p ON p.id = f.payout_id WHERE p.label = 'Demo payout' AND f.report_name = 'claim_raw' ORDER BY f.id LIMIT 1`,
      )
    ).rows[0];
    return { id: Number(file.payout_id), name: file.name, rows: Number(file.rows_count) };
  });
  await page.goto(`/payouts/${id}/show`);
  const grid = page.getByRole('grid', { name: 'Files' });
  await focusRow(page, grid, grid.getByRole('row', { name: new RegExp(name) }));
  const waiting = page.waitForEvent('download');
  await rowMenu(page, 'Download file', { axe: true });
  const download = await waiting;
  expect(download.suggestedFilename()).toBe(name);
  const text = gunzipSync(await fs.readFile(await download.path())).toString('utf8');
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^Adjustment Type,Day,Country,Video ID,Channel ID,/);
  expect(lines).toHaveLength(rows + 1);
});

test('exports the unallocated revenues of the filtered month as CSV', async ({ page }) => {
  // The demo payout's month (the previous one) has unallocated rows.
  const now = new Date();
  const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const month = `${previous.getFullYear()}-${pad(previous.getMonth() + 1)}-01`;
  const expected = await withAppDb(async (db) =>
    (
      await db.query<{ id: string }>(`SELECT v.id FROM payout_revenues v JOIN payouts p ON p.id = v.payout_id WHERE p.month = $1 AND v.revenue_source_id IS NULL ORDER BY v.id`, [month])
    ).rows.map((r) => r.id),
  );
  expect(expected.length).toBeGreaterThan(0);

  for (const key of ['g', 'u']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/unallocated-revenues/);
  await page.getByRole('button', { name: /^Filter/ }).press('Enter');
  const popover = page.getByRole('dialog', { name: 'Filter' });
  const monthBox = popover.getByRole('textbox', { name: /^Month/ });
  await tabTo(page, monthBox);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`${pad(previous.getMonth() + 1)}.${previous.getFullYear()}`);
  await tabTo(page, popover.getByRole('button', { name: 'Filter', exact: true }));
  await page.keyboard.press('Enter');
  await expect(popover).toBeHidden();
  const grid = page.getByRole('grid', { name: 'Unallocated revenues' });
  await expect(bodyRows(grid)).toHaveCount(expected.length);
  await expectNoAxeViolations(page);

  const waiting = page.waitForEvent('download');
  await palette(page, 'Export');
  const download = await waiting;
  expect(download.suggestedFilename()).toBe(`unallocated-revenues-${month}.csv`);
  const lines = (await fs.readFile(await download.path(), 'utf8')).trimEnd().split('\n');
  expect(lines[0]).toBe(
    'id,content_owner_name,content_owner_id,revenue_type,revenue,currency,claimed_asset_id,claimed_asset_type,claimed_asset_labels,claimed_asset_custom_id,claimed_channel_id,claimed_video_id,month',
  );
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected);
  expect(lines.slice(1).every((l) => l.endsWith(`,${month}`))).toBe(true);
});

test('deletes allocated revenues from the revenues tab, then a file with its rows; the totals follow', async ({ page }) => {
  test.setTimeout(120_000);
  // A payout of its own, three months back, with two imported claim files: two allocated rows and one unallocated.
  const then = new Date(new Date().getFullYear(), new Date().getMonth() - 3, 1);
  const ym = `${then.getFullYear()}${pad(then.getMonth() + 1)}`;
  const first = `YouTube_RemitMusicDemo_M_${ym}01_claim_raw_v1-1.csv`;
  const second = `YouTube_RemitMusicDemo_M_${ym}01_claim_raw_v1-2.csv`;
  const { id, fileId } = await withAppDb(async (db) => {
    const owner = (await db.query<{ id: string }>(`SELECT id FROM content_owners WHERE report_filename_part = 'RemitMusicDemo'`)).rows[0].id;
    const source = (await db.query<{ id: string }>(`SELECT id FROM revenue_sources WHERE type = 'youtube_channel' ORDER BY id LIMIT 1`)).rows[0].id;
    const payout = (
      await db.query<{ id: string }>(`INSERT INTO payouts (month, label, payout_types, allocated_revenue_types) VALUES ($1, 'E2E deletions', '{adsense}', '{adsense}') RETURNING id`, [
        `${then.getFullYear()}-${pad(then.getMonth() + 1)}-01`,
      ])
    ).rows[0].id;
    const file = async (name: string, rows: [string, boolean][]) => {
      const f = (
        await db.query<{ id: string }>(
          `INSERT INTO payout_files (payout_id, name, extension, size, version, report_name, revenue_type, content_owner_id, file_key, digest, imported_at, rows_count)
           VALUES ($1, $2, 'csv', 100, '1-1', 'claim_raw', 'adsense', $3, gen_random_uuid()::text || '.csv', md5(random()::text) || md5(random()::text), now(), $4) RETURNING id`,
          [payout, name, owner, rows.length],
        )
      ).rows[0].id;
      for (const [revenue, allocated] of rows) {
        await db.query(
          `INSERT INTO payout_revenues (payout_id, payout_file_id, content_owner_id, revenue_type, video_id, channel_id, revenue, revenue_source_id, allocated_by)
           VALUES ($1, $2, $3, 'adsense', 'e2eVideo', 'UCe2e', $4, $5, $6)`,
          [payout, f, owner, revenue, allocated ? source : null, allocated ? 'video_id' : null],
        );
      }
      return Number(f);
    };
    const fileId = await file(first, [
      ['1.25', true],
      ['2.50', true],
    ]);
    await file(second, [['0.75', false]]);
    return { id: Number(payout), fileId };
  });

  await page.goto(`/payouts/${id}/show`);
  const files = page.getByRole('grid', { name: 'Files' });
  await expect(bodyRows(files)).toHaveCount(2);
  await page.getByRole('navigation', { name: 'Payout views' }).getByRole('link', { name: 'Revenues', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/show\/revenues$/);
  const adsense = page.getByRole('grid', { name: 'Reconciliation' }).getByRole('row', { name: /AdSense/ });
  const cells = adsense.getByRole('gridcell');
  // currency, imported, allocated, unallocated (reconciliation is per revenue type and currency)
  await expect(cells.nth(0)).toHaveText('USD');
  await expect(cells.nth(1)).toContainText('4.50');
  await expect(cells.nth(2)).toContainText('3.75');
  await expect(cells.nth(3)).toContainText('0.75');

  // Delete revenues: only allocated types can be chosen, none is by default.
  await palette(page, 'Delete revenues');
  const dialog = page.getByRole('dialog', { name: 'Delete revenues' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('checkbox', { name: /^AdSense/ });
  await expect(box).toBeFocused();
  await expect(box).not.toBeChecked();
  await page.keyboard.press(' ');
  await expect(box).toBeChecked();
  await expectNoAxeViolations(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Deletion of revenues started')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The job runs; the payout is read again every 10 s until it is done.
  await expect(cells.nth(2)).toContainText('0.00', { timeout: 40_000 });
  await expect(cells.nth(3)).toContainText('4.50');
  await expect(adsense).toContainText('Balanced');
  const left = await withAppDb((db) => db.query<{ n: string }>(`SELECT count(*) AS n FROM payout_revenues WHERE payout_id = $1 AND revenue_source_id IS NOT NULL`, [id]));
  expect(Number(left.rows[0].n)).toBe(0);

  // Delete the first file from its row (after a confirmation): its rows go, the totals follow.
  await page.getByRole('navigation', { name: 'Payout views' }).getByRole('link', { name: 'Files', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/payouts/${id}/show$`));
  await focusRow(page, files, files.getByRole('row', { name: new RegExp(first) }));
  await rowMenu(page, 'Delete file');
  await confirm(page, 'Delete');
  await expect(page.getByText(`File ${first} deleted`)).toBeVisible();
  await expect(bodyRows(files)).toHaveCount(1);
  await expect(files.getByRole('row', { name: new RegExp(second) })).toBeVisible();
  await expectNoAxeViolations(page);
  const rows = await withAppDb((db) => db.query<{ n: string }>(`SELECT count(*) AS n FROM payout_revenues WHERE payout_file_id = $1`, [fileId]));
  expect(Number(rows.rows[0].n)).toBe(0);

  await page.getByRole('navigation', { name: 'Payout views' }).getByRole('link', { name: 'Revenues', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(cells.nth(1)).toContainText('0.75');
  await expect(cells.nth(3)).toContainText('0.75');
  await expect(adsense).toContainText('Balanced');
});

test('refuses, in the upload dialog, a file whose content another payout already holds, and reads out why', async ({ page }) => {
  test.setTimeout(90_000);
  // Two payouts of a month five back; the first already holds the report (its digest), the second is uploaded to.
  const then = new Date(new Date().getFullYear(), new Date().getMonth() - 5, 1);
  const ym = `${then.getFullYear()}${pad(then.getMonth() + 1)}`;
  const held = `YouTube_RemitMusicDemo_M_${ym}01_claim_raw_v1-1.csv`;
  const again = `YouTube_RemitMusicDemo_M_${ym}01_claim_raw_v2-0.csv`;
  const content = Buffer.from(`Video ID,Partner Revenue\ne2eDup${Date.now()},1.5\n`);
  const { first, second } = await withAppDb(async (db) => {
    const payout = async (label: string) =>
      Number(
        (await db.query<{ id: string }>(`INSERT INTO payouts (month, label, payout_types) VALUES ($1, $2, '{adsense}') RETURNING id`, [`${then.getFullYear()}-${pad(then.getMonth() + 1)}-01`, label]))
          .rows[0].id,
      );
    const first = await payout('E2E first holder');
    await db.query(
      `INSERT INTO payout_files (payout_id, name, extension, size, version, report_name, revenue_type, file_key, digest, imported_at, rows_count)
       VALUES ($1, $2, 'csv', $3, '1-1', 'claim_raw', 'adsense', gen_random_uuid()::text || '.csv', encode(sha256($4::bytea), 'hex'), now(), 1)`,
      [first, held, content.length, content],
    );
    return { first, second: await payout('E2E second') };
  });

  await page.goto(`/payouts/${second}/show`);
  await expect(page.getByRole('heading', { name: /Payout/, level: 1 })).toBeVisible();
  await palette(page, 'Upload files');
  const dialog = page.getByRole('dialog', { name: 'Upload report files' });
  const input = dialog.getByLabel(/^Report files/);
  await expect(input).toBeFocused();
  await input.setInputFiles([{ name: again, mimeType: 'text/csv', buffer: content }]);
  const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeEnabled();
  await tabTo(page, upload);
  await page.keyboard.press('Enter');
  // The refusal is an alert under the file's name: announced, naming the payout and file that hold the content.
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(
    `file has the same content as a file already uploaded: payout ${first} (E2E first holder, ${then.getFullYear()}-${pad(then.getMonth() + 1)}), file ${held}`,
  );
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const files = await withAppDb((db) => db.query<{ n: string }>(`SELECT count(*) AS n FROM payout_files WHERE payout_id = $1`, [second]));
  expect(Number(files.rows[0].n)).toBe(0);
});
