import { expect, test, type Page } from '@playwright/test';
import { signIn, withAppDb, focusPageSearch } from './support';

/**
 * The keyboard model (issue 10): the focus is always somewhere useful (a list opens on its grid row,
 * every action leaves it in the grid or the form), Ctrl+C copies grid rows, Esc leaves a field, and
 * the palette ranks exact and prefix matches first. Keyboard only; the clipboard is read back.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function keys(page: Page, sequence: string) {
  for (const key of sequence.split(' ')) await page.keyboard.press(key);
}

const grid = (page: Page) => page.getByRole('grid');

/** The focused element is a row of the page's grid (not <body>, not a button). */
async function expectRowFocused(page: Page, name?: RegExp) {
  const row = name ? grid(page).getByRole('row', { name }) : grid(page).locator('[role=row][tabindex="0"]');
  await expect(row).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
});

test('a list opens on its grid; Ctrl+C copies the row (or the selected rows) and Ctrl+V stays', async ({ page }) => {
  await keys(page, 'g a b');
  await expect(page).toHaveURL(/\/admin\/banks$/);
  await expectRowFocused(page);
  await focusPageSearch(page);
  await page.keyboard.type('UBS');
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await expectRowFocused(page, /UBS Switzerland/);

  await page.keyboard.press('Control+c');
  await expect(page).toHaveURL(/\/admin\/banks\?q=UBS$/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).not.toContain('\n');
  expect(copied.split('\t')).toEqual(expect.arrayContaining(['UBS Switzerland', 'CH', 'UBSWCHZH80A', '230']));
  await expect(page.locator('[data-grid-status]')).toHaveText('Copied: 1');
  await page.keyboard.press('Control+v');
  await page.keyboard.press('Control+p');
  await expect(page).toHaveURL(/\/admin\/banks\?q=UBS$/);

  // Two selected rows: one line each.
  await focusPageSearch(page);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Ba');
  await expect(grid(page).getByRole('row', { name: /Barclays/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('x');
  await expect(page.locator('[data-grid-status]')).toHaveText('1 selected');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(page.locator('[data-grid-status]')).toHaveText('2 selected');
  await page.keyboard.press('Control+c');
  const lines = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line.split('\t').length).toBeGreaterThan(3);
});

test('the focus lands in the grid after the palette, a filter, Save and Delete', async ({ page }) => {
  await withAppDb((db) => db.query(`INSERT INTO tags (name) VALUES ('Focus one'), ('Focus two')`));
  // Palette navigation
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Tags');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/tags$/);
  await expectRowFocused(page);

  // A filter applied from its popover (banks filter by name)
  await page.goto('/admin/banks?show=filter');
  const filter = page.getByRole('dialog');
  await expect(filter).toBeFocused();
  // The filter fields load with the popover: Tab once they are there (before, it reaches the buttons).
  await expect(filter.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(filter.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Deutsche');
  await page.keyboard.press('Enter');
  await expect(filter).toBeHidden();
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await expectRowFocused(page, /Deutsche Bank/);

  // Back to the tags, found with the search
  await keys(page, 'g a t');
  await expectRowFocused(page);
  await focusPageSearch(page);
  await page.keyboard.type('Focus');
  await expect(grid(page).getByRole('row')).toHaveCount(3);
  await page.keyboard.press('ArrowDown');
  await expectRowFocused(page, /Focus one/);

  // Enter opens the row, Esc leaves the name field for the form, Ctrl+S saves back to the list row
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/tags\/\d+\/edit$/);
  const name = page.getByLabel('Name');
  await expect(name).toBeFocused();
  const edited = await name.inputValue();
  await page.keyboard.press('End');
  await page.keyboard.type(' edited');
  await page.keyboard.press('Escape');
  await expect(page.locator('form[data-resource-form]')).toBeFocused();
  await page.keyboard.press('Control+s');
  await expect(page).toHaveURL(/\/admin\/tags(\?.*)?$/);
  await expectRowFocused(page, new RegExp(`${edited} edited`));

  // Delete from the row menu (Shift+F10, ↓ to Delete), confirmed: the row in its place has the focus
  await page.keyboard.press('Shift+F10');
  const remove = page.getByRole('menuitem', { name: 'Delete' });
  await expect(page.getByRole('menu')).toBeVisible();
  for (let i = 0; i < 3 && !(await remove.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  const confirmDelete = dialog.getByRole('button', { name: /^(Delete|OK)$/ });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 3 && !(await confirmDelete.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(grid(page).getByRole('row', { name: new RegExp(`${edited} edited`) })).toHaveCount(0);
  await expectRowFocused(page);
  await withAppDb((db) => db.query(`DELETE FROM tags WHERE name LIKE 'Focus%'`));
});

test('Esc leaves the title-bar search for the grid, and go-to keys work again', async ({ page }) => {
  await keys(page, 'g a b');
  await expectRowFocused(page);
  await focusPageSearch(page);
  await expect(page.locator('#page-search')).toBeFocused();
  await page.keyboard.press('Escape');
  await expectRowFocused(page);
  await keys(page, 'g a t');
  await expect(page).toHaveURL(/\/admin\/tags$/);
});

test('the palette ranks an exact title above longer ones', async ({ page }) => {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('new faq');
  await expect(dialog.getByRole('option').first()).toContainText('New FAQ');
  await expect(dialog.getByRole('option').first()).not.toContainText('section');
});
