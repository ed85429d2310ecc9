import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, tabTo, withAppDb } from './support';

/**
 * The contract list's revenue-source chips (spec 2, 2): three chips, then "+N", which opens a popover
 * naming the rest. From the keyboard: the grid's cursor goes to the cell (ArrowRight), Enter or Space opens
 * the popover, Escape closes it and gives the focus back to "+N", and the grid's keys go on working.
 */
test.describe.configure({ mode: 'parallel' });

for (const theme of ['light', 'dark']) {
  test(`"+N" opens a popover with the other revenue sources, from the keyboard (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    // The demo's cancelled contract (no other test uses it) gets five sources more, its organization's first.
    const { id, names } = await withAppDb(async (db) => {
      const contract = (await db.query<{ id: string }>(`SELECT min(id) AS id FROM contracts WHERE state = 'cancelled'`)).rows[0].id;
      await db.query(
        `INSERT INTO contract_revenue_sources (contract_id, revenue_source_id)
         SELECT $1, s.id FROM revenue_sources s ORDER BY s.organization_id IS NOT DISTINCT FROM (SELECT organization_id FROM contracts WHERE id = $1) DESC, s.id LIMIT 5
         ON CONFLICT DO NOTHING`,
        [contract],
      );
      const rows = await db.query<{ name: string }>(
        `SELECT coalesce(nullif(s.name, ''), s.reference_id) AS name FROM contract_revenue_sources cs JOIN revenue_sources s ON s.id = cs.revenue_source_id WHERE cs.contract_id = $1`,
        [contract],
      );
      return { id: Number(contract), names: rows.rows.map((r) => r.name) };
    });
    expect(names.length).toBeGreaterThanOrEqual(5);
    const hidden = names.length - 3;

    await page.setViewportSize({ width: 1900, height: 1000 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
    // The list takes 80 % of the width beside the details (as its divider's arrow keys allow), so the sources column fits.
    await page.evaluate((t) => {
      localStorage.setItem('remit.theme', t);
      localStorage.setItem('remit.split.list:contracts', '80');
    }, theme);
    await page.goto('/contracts');
    const grid = page.getByRole('grid');
    const moreName = `Show ${hidden} more revenue sources`;
    const more = grid.getByRole('button', { name: moreName });
    await expect(more).toHaveCount(1);
    const row = grid.getByRole('row').filter({ has: page.getByRole('button', { name: moreName }) });
    await expect(row.getByText(String(id), { exact: true })).toBeVisible();
    const index = Number(await row.getAttribute('data-row-index'));

    // To the contract's row with the grid's keys, then to the chips' cell.
    await tabTo(page, grid.locator('[data-row-index="0"]'));
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect(row).toBeFocused();
    for (let i = 0; i < 12 && !(await more.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
    await expect(more).toBeFocused();

    // Enter opens the popover with the sources the chips don't show; axe with it open.
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'More revenue sources' });
    await expect(popover).toBeVisible();
    const shown = await more.locator('xpath=..').locator('[title]').evaluateAll((els) => els.map((el) => el.getAttribute('title')));
    const rest = await popover.getByRole('listitem').allTextContents();
    expect(rest).toHaveLength(hidden);
    expect([...shown, ...rest].sort()).toEqual([...names].sort());
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/contract-chips-${theme}.png` });

    // Escape closes it and returns the focus; Space opens it again.
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(more).toBeFocused();
    await page.keyboard.press(' ');
    await expect(popover).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(more).toBeFocused();

    // The grid's keys still work from there: back to the row, and on to the next one.
    for (let i = 0; i < 12 && !(await row.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowLeft');
    await expect(row).toBeFocused();
    await page.keyboard.press(index > 0 ? 'ArrowUp' : 'ArrowDown');
    await expect(grid.locator(`[data-row-index="${index > 0 ? index - 1 : index + 1}"]`)).toBeFocused();
  });
}
