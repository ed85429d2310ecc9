import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, focusPageSearch } from './support';

/**
 * The admin lists with a details pane (organizations, users, content owners), keyboard only: the
 * details follow the focused row without taking the focus, F6 moves between the panes, and the
 * separator resizes from the keyboard and keeps its size.
 */
const lists = [
  { path: '/admin/organizations', title: 'Organizations' },
  { path: '/admin/users', title: 'Users' },
  { path: '/admin/content-owners', title: 'Content owners' },
];

/** The focused row's accessible text, by its row header. */
async function focusedRowHeader(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.closest('[role=row]')?.querySelector('[role=rowheader]')?.textContent?.trim() ?? '');
}

/** `/` to the page's search, ↓ into the grid's first row. */
async function intoGrid(page: Page) {
  await expect(page.getByRole('grid').locator('[role=row][data-row-index="1"]')).toBeVisible();
  await focusPageSearch(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[role=grid] [data-row-index="0"]')).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
});

for (const list of lists) {
  test(`${list.title}: the details pane follows the focused row, F6 moves between the panes`, async ({ page }) => {
    await page.goto(list.path);
    await intoGrid(page);
    const details = page.getByRole('region', { name: 'Details' });
    const first = await focusedRowHeader(page);
    expect(first).not.toBe('');
    await expect(details).toContainText(first);

    await page.keyboard.press('ArrowDown');
    const second = await focusedRowHeader(page);
    expect(second).not.toBe(first);
    await expect(details).toContainText(second);
    // The grid keeps the keyboard while the details change.
    await expect(page.locator('[role=grid] [data-row-index="1"]')).toBeFocused();

    await page.keyboard.press('F6');
    await expect(details).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('F6');
    await expect(page.locator('[role=grid] [data-row-index="1"]')).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${list.path}$`));
  });
}

test('F6 in a text field (the search box) moves to the list pane too, then on to the details', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page.getByRole('grid').locator('[role=row][data-row-index="1"]')).toBeVisible();
  await focusPageSearch(page);
  const search = page.locator('#page-search');
  await expect(search).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('F6');
  await expect(page.locator('[role=grid] [data-row-index="0"]')).toBeFocused();
  // The text typed stays; F6 typed nothing into it.
  await expect(search).toHaveValue('admin');
  await page.keyboard.press('F6');
  await expect(page.getByRole('region', { name: 'Details' })).toBeFocused();
});

test('the separator resizes from the keyboard and the size is kept for the next visit', async ({ page }) => {
  await page.goto('/admin/organizations');
  await intoGrid(page);
  const separator = page.getByRole('separator', { name: 'Resize the list and the details' });
  await expect(separator).toHaveAttribute('aria-valuenow', '60');
  const details = page.getByRole('region', { name: 'Details' });
  const before = (await details.boundingBox())!.width;

  // From the row, Tab passes what follows the grid in the list pane (paging) and reaches the separator.
  for (let i = 0; i < 12 && !(await separator.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(separator).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(separator).toHaveAttribute('aria-valuenow', '48');
  await expect.poll(async () => (await details.boundingBox())!.width).toBeGreaterThan(before + 50);
  // Arrows on the separator do not reach the grid or the hotkeys.
  await expect(page).toHaveURL(/\/admin\/organizations$/);

  await page.goto('/admin/users');
  await page.goto('/admin/organizations');
  await expect(page.getByRole('separator', { name: 'Resize the list and the details' })).toHaveAttribute('aria-valuenow', '48');
});
