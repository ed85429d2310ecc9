import { expect, test, type Page } from '@playwright/test';
import { palette, signIn, tabTo } from './support';

/**
 * Wide lists at the widths staff use (issue 24, items 3 and 4), keyboard only: the payments bulk toolbar
 * keeps to its own line with every action visible, one tab stop, and clearing the selection leaves
 * the focus on the row.
 */

const SHOTS = process.env.E2E_SHOTS;

async function openPayments(page: Page, width: number) {
  test.setTimeout(90_000);
  await page.setViewportSize({ width, height: 900 });
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  await page.goto('/payments');
  const grid = page.getByRole('grid', { name: 'Payments' });
  await expect(grid.locator('[data-row-index="0"]')).toBeFocused();
  return grid;
}

for (const width of [1280, 1440]) {
  test(`the payments bulk toolbar at ${width} px: every action visible, not over the header, one tab stop, clearing keeps the focus`, async ({ page }) => {
    const grid = await openPayments(page, width);
    await page.keyboard.press('x');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('x');
    const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected rows' });
    await expect(toolbar).toContainText('2 selected');
    await expect(toolbar.getByRole('button', { name: 'Clear selection' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payments-bulk-${width}.png` });

    // Above the header, not over it; every action inside the list's frame, none clipped.
    const header = grid.getByRole('row').first();
    const [bar, head] = [await toolbar.boundingBox(), await header.boundingBox()];
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(head!.y + 0.5);
    const buttons = toolbar.getByRole('button');
    const names = await buttons.allInnerTexts();
    expect(names).toContain('Remove from payment bucket');
    for (let i = 0; i < names.length; i++) {
      const box = (await buttons.nth(i).boundingBox())!;
      expect(box.x, names[i]).toBeGreaterThanOrEqual(bar!.x);
      expect(box.x + box.width, names[i]).toBeLessThanOrEqual(bar!.x + bar!.width + 0.5);
      expect(box.y + box.height, names[i]).toBeLessThanOrEqual(bar!.y + bar!.height + 0.5);
    }

    // Shift+Tab from the grid lands on the first action (one tab stop); the arrows walk to the last,
    // "Clear selection", without scrolling anything sideways.
    await page.keyboard.press('Shift+Tab');
    await expect(buttons.first()).toBeFocused();
    for (let i = 1; i < names.length; i++) {
      await page.keyboard.press('ArrowRight');
      await expect(buttons.nth(i)).toBeFocused();
    }
    const scrolled = await toolbar.evaluate((el) => {
      const out: number[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) out.push(e.scrollLeft);
      return out;
    });
    expect(scrolled.every((x) => x === 0)).toBe(true);
    await expect(buttons.last()).toHaveText('Clear selection');
    await page.keyboard.press('Enter');
    await expect(toolbar).toHaveCount(0);
    await expect(grid.locator('[data-row-index="1"]')).toBeFocused();
    await expect(grid.getByRole('row', { selected: true })).toHaveCount(0);

    // Escape in the grid clears a selection as well, the focus staying put.
    await page.keyboard.press('x');
    await expect(toolbar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toolbar).toHaveCount(0);
    await expect(grid.locator('[data-row-index="1"]')).toBeFocused();
  });
}

const headers = (page: Page, name: string) => page.getByRole('grid', { name }).getByRole('columnheader');

for (const width of [1280, 1440]) {
  test(`every column of the spec's contracts, payments and users lists is there at ${width} px, reached sideways from the keyboard`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();

    await page.goto('/contracts');
    const contracts = page.getByRole('grid', { name: 'Contracts' });
    await expect(contracts.locator('[data-row-index="0"]')).toBeFocused();
    for (const name of ['Contract type', 'Currency', 'Vendors', 'Revenue sources', 'Revenue shares', 'State', 'Created at']) await expect(headers(page, 'Contracts').filter({ hasText: name })).toHaveCount(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/contracts-${width}.png` });
    // → walks the row's cells; the last one is scrolled into the list's view.
    const count = await contracts.locator('[data-row-index="0"] [data-col]').count();
    for (let i = 0; i < count; i++) await page.keyboard.press('ArrowRight');
    // (the last column is the row menu's: its button holds the focus)
    const last = contracts.locator(`[data-row-index="0"] [data-col="${count - 1}"]`);
    await expect.poll(() => last.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const [cell, view] = await last.evaluate((el) => {
      const scroller = el.closest('[role=grid]')!.parentElement!;
      const a = el.getBoundingClientRect();
      const b = scroller.getBoundingClientRect();
      return [
        [a.left, a.right],
        [b.left, b.left + scroller.clientWidth],
      ];
    });
    expect(cell[0]).toBeGreaterThanOrEqual(view[0] - 0.5);
    expect(cell[1]).toBeLessThanOrEqual(view[1] + 0.5);
    await page.keyboard.press('Home');
    await expect(contracts.locator('[data-row-index="0"] [data-col="0"]')).toBeFocused();

    await page.goto('/payments');
    await expect(page.getByRole('grid', { name: 'Payments' }).locator('[data-row-index="0"]')).toBeFocused();
    for (const name of ['VAT', 'WHT', 'Start date', 'Paid at', 'Organization', 'Contract', 'Type', 'Amount']) await expect(headers(page, 'Payments').filter({ hasText: new RegExp(`^${name}`) }).first()).toBeAttached();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payments-${width}.png` });

    await page.goto('/admin/users');
    await expect(page.getByRole('grid', { name: 'Users' }).locator('[data-row-index="0"]')).toBeFocused();
    for (const name of ['Id', 'E-mail', 'First name', 'Last name', 'Roles', 'Sign-in providers', 'Disabled', 'Created', 'Last sign-in']) await expect(headers(page, 'Users').filter({ hasText: new RegExp(`^${name}`) })).toHaveCount(1);
  });
}

test('the column chooser hides a column for this user from the palette and the keyboard, remembered after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  await page.goto('/contracts');
  const grid = page.getByRole('grid', { name: 'Contracts' });
  await expect(grid.locator('[data-row-index="0"]')).toBeFocused();
  try {
    await palette(page, 'Choose columns');
    const chooser = page.getByRole('dialog', { name: 'Columns shown' });
    await expect(chooser.getByRole('checkbox').first()).toBeFocused();
    await expect(chooser.getByRole('checkbox', { name: 'Organization' })).toBeDisabled();
    await tabTo(page, chooser.getByRole('checkbox', { name: 'Currency' }));
    await page.keyboard.press('Space');
    await expect(headers(page, 'Contracts').filter({ hasText: 'Currency' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // Back where the user was before the palette: the list's row.
    await expect(grid.locator('[data-row-index="0"]')).toBeFocused();

    await page.reload();
    await expect(grid.locator('[data-row-index="0"]')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Columns (1 hidden)' })).toBeVisible();
    await expect(headers(page, 'Contracts').filter({ hasText: 'Currency' })).toHaveCount(0);
    await expect(headers(page, 'Contracts').filter({ hasText: 'Contract type' })).toHaveCount(1);
    await tabTo(page, page.getByRole('button', { name: 'Columns (1 hidden)' }), { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Show all' }));
    await page.keyboard.press('Enter');
    await expect(headers(page, 'Contracts').filter({ hasText: 'Currency' })).toHaveCount(1);
  } finally {
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('remit.columns.')).forEach((k) => localStorage.removeItem(k)));
  }
});
