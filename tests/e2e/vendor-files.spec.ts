import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, withAppDb } from './support';

/**
 * Vendor files (spec 2, 2 "Vendor files", 5 "Create vendor files dialog") from the keyboard: the
 * create dialog from the palette, the file written by its job showing up in the list, and its
 * download from the row menu.
 */
test('creates the vendor files of a month and downloads one, keyboard only', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  for (const key of ['g', 'f']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/vendor-files/);
  await expect(page.getByRole('heading', { name: 'Vendor files', level: 1 })).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Create vendor files');
  await expect(palette.getByRole('option', { name: /Create vendor files/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Create vendor files' });
  await expect(dialog).toBeVisible();
  const ok = dialog.getByRole('button', { name: 'Create' });
  await expect(ok).toBeDisabled();
  const organizations = dialog.getByRole('combobox', { name: /Organizations/ });
  await expect(organizations).toBeFocused();
  await page.keyboard.type('Remit Media GmbH');
  await expect(page.getByRole('option', { name: 'Remit Media GmbH' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Remit Media GmbH')).toBeVisible();
  // still no month: OK stays disabled
  await expect(ok).toBeDisabled();

  await page.keyboard.press('Tab');
  const month = dialog.getByRole('textbox', { name: /Month/ });
  for (let i = 0; i < 6 && !(await month.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(month).toBeFocused();
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  // a future month is refused and keeps OK disabled
  await page.keyboard.type(`${String(next.getMonth() + 1).padStart(2, '0')}.${next.getFullYear()}`);
  await page.keyboard.press('Tab');
  await expect(dialog.getByText(/can't be in the future/)).toBeVisible();
  await expect(ok).toBeDisabled();
  await month.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`${String(now.getMonth() + 1).padStart(2, '0')}.${now.getFullYear()}`);
  await expect(ok).toBeEnabled();
  await expectNoAxeViolations(page);
  for (let i = 0; i < 6 && !(await ok.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Vendor files are scheduled and will appear in the list when they are written')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The job writes the file; once the jobs ended the list knows (a status read every 500 ms while they
  // run), says so in its live region and shows the new file (issue 24, item 6).
  const running = () =>
    withAppDb(async (c) => {
      const { rows } = await c.query<{ n: number }>(`
        SELECT count(*)::int AS n FROM job_links l JOIN pgboss.job j ON j.name = l.name AND j.id = l.job_id
        WHERE l.name = 'vendor_files.create' AND l.state IN ('queued', 'active') AND j.state IN ('created', 'retry', 'active')`);
      return rows[0].n;
    });
  await expect.poll(running, { intervals: [50], timeout: 20_000 }).toBe(0);
  await expect(page.locator('[data-jobs-status]')).toHaveText('Vendor files written; the list shows them.');
  const row = page.getByRole('grid').getByRole('row', { name: /Remit Media GmbH/ });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await row.focus();
  await expect(row).toBeFocused();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Download file' })).toBeFocused();
  // no confirmation documents this month: that item is there but disabled
  await expect(menu.getByRole('menuitem', { name: 'Download confirmation documents' })).toHaveAttribute('aria-disabled', 'true');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vendor-file-1000-\d{4}-\d{2}\.csv$/);
  const text = await fs.readFile((await file.path())!, 'utf8');
  expect(text.startsWith('number,name,type,state,valid_from,')).toBe(true);
});
