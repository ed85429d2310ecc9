import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, withAppDb, focusPageSearch, tabTo, palette } from './support';

/**
 * Banks, tags, VAT rates and currency rates (spec 1, 2.6, 2.9, 2.11, 2.13) driven from the keyboard
 * only: Tab, arrows, Enter and the hotkeys; the database only arranges what a test needs beforehand.
 */

/** The go-to sequence of a page (`g a b`). */
async function go(page: Page, keys: string) {
  for (const key of keys.split(' ')) await page.keyboard.press(key);
}

/** Answers the open confirmation: Cancel has the focus, Tab reaches the confirming button (OK, Delete). */
async function confirm(page: Page, message: string, answer: 'OK' | 'Delete' | 'Cancel') {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(message);
  if (answer !== 'Cancel') await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: answer })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** Types into the country picker and takes the first match (highlighted as you type) with Enter. */
async function chooseCountry(page: Page, text: string) {
  await page.keyboard.type(text);
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
}

const snackbar = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();
const grid = (page: Page) => page.getByRole('grid');

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
});

test('a bank is created (a blank field refused, then fixed), edited behind the leave guard and deleted', async ({ page }) => {
  await go(page, 'g a b');
  await expect(page).toHaveURL(/\/admin\/banks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Banks' })).toBeVisible();

  // New: everything but the city, then Ctrl+S
  await palette(page, 'New bank');
  await expect(page).toHaveURL(/\/admin\/banks\/new$/);
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Kreissparkasse Testhausen');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Marktplatz 1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12345');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('City')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeFocused();
  await chooseCountry(page, 'Germany');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('BIC')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('12345678');
  await page.keyboard.press('Control+s');
  const city = page.getByLabel('City');
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-field="city"]')).toContainText("can't be blank");
  await expect(city).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/banks\/new$/);
  await page.keyboard.type('Testhausen');
  await expect(page.locator('[data-field="city"]')).not.toContainText("can't be blank");
  await page.keyboard.press('Control+s');
  await snackbar(page, 'Bank successfully created');
  await expect(page).toHaveURL(/\/admin\/banks$/);

  // Find it with the list's search ("/"), into the grid with ↓, open with Enter
  await focusPageSearch(page);
  await expect(page.getByRole('searchbox')).toBeFocused();
  await page.keyboard.type('Testhausen');
  await expect(page).toHaveURL(/q=Testhausen/);
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await expect(grid(page).getByRole('row', { name: /Kreissparkasse Testhausen/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/banks\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kreissparkasse Testhausen');
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Kreissparkasse Testhausen');

  // A change, then leaving through the breadcrumb: the guard asks; Cancel stays, OK leaves
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' eG');
  const crumb = page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Banks' });
  await tabTo(page, crumb, { back: true });
  await page.keyboard.press('Enter');
  await confirm(page, 'Are you sure? All changes will be lost.', 'Cancel');
  await expect(page).toHaveURL(/\/admin\/banks\/\d+\/edit$/);
  await expect(page.getByLabel('Name')).toHaveValue('Kreissparkasse Testhausen eG');
  await page.keyboard.press('Enter');
  await confirm(page, 'Are you sure? All changes will be lost.', 'OK');
  await expect(page).toHaveURL(/\/admin\/banks(\?.*)?$/);
  await expect(grid(page).getByRole('row', { name: /Kreissparkasse Testhausen eG/ })).toHaveCount(0);

  // Edit for real: Save and continue stays, Save returns to the list
  await focusPageSearch(page);
  await page.keyboard.type('Testhausen');
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' eG');
  await page.keyboard.press('Control+Enter');
  await snackbar(page, 'Bank successfully saved');
  await expect(page).toHaveURL(/\/admin\/banks\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kreissparkasse Testhausen eG');
  await page.keyboard.press('Control+s');
  await expect(page).toHaveURL(/\/admin\/banks(\?.*)?$/);
  await expect(grid(page).getByRole('row', { name: /Kreissparkasse Testhausen eG/ })).toBeVisible();

  // Delete from the row menu (Shift+F10), after the confirmation
  await focusPageSearch(page);
  await page.keyboard.type('Testhausen');
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  const row = grid(page).getByRole('row', { name: /Kreissparkasse Testhausen eG/ });
  await expect(row).toBeFocused();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm(page, 'Do you really want to delete this entry?', 'Delete');
  await snackbar(page, 'Bank successfully deleted');
  await expect(row).toHaveCount(0);
  await expect(grid(page)).toContainText('No entries');
});

test('the banks list pages and sorts from the keyboard, its state in the address', async ({ page }) => {
  await withAppDb(async (db) => {
    await db.query(`INSERT INTO banks (name, street, postal_code, city, country_code, bank_key)
      SELECT 'Paging Bank ' || lpad(n::text, 2, '0'), 'Weg ' || n, '1000' || n, 'Pagingen', 'DE', 'PB' || n FROM generate_series(1, 12) AS n`);
  });
  try {
    await go(page, 'g a b');
    await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
    const total = Number((await page.getByText(/^1–10 of \d+$/).textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(16);

    // Next page: Tab from the search past the grid to the pagination
    await focusPageSearch(page);
    const next = page.getByRole('button', { name: 'Next page' });
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]p=2(&|$)/);
    await expect(page.getByText(new RegExp(`^11–${Math.min(20, total)} of ${total}$`))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous page' })).not.toHaveAttribute('aria-disabled', 'true');

    // Page size 20: ↓ on the size select; the first visible row (11) stays visible → page 1
    const size = page.getByLabel('Rows per page');
    await tabTo(page, size, { back: true });
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/[?&]s=20(&|$)/);
    await expect(page).not.toHaveURL(/[?&]p=2/);
    await expect(page.getByText(new RegExp(`^1–${Math.min(20, total)} of ${total}$`))).toBeVisible();
    await page.keyboard.press('Tab'); // off the select, which takes typed keys itself

    // Sort by ID from the header: into the grid, ↑ to the header, → to the ID column, Enter; again = desc
    await focusPageSearch(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const idHeader = grid(page).getByRole('columnheader', { name: /^ID/ });
    for (let i = 0; i < 3 && !(await idHeader.evaluate((el) => el.contains(document.activeElement))); i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort_by=id&sort_direction=asc/);
    await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort_by=id&sort_direction=desc/);
    await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(grid(page).getByRole('row').nth(1)).toContainText('Paging Bank 12');
    // back and forward through history keeps the state of each address
    await page.goBack();
    await expect(page).toHaveURL(/sort_by=id&sort_direction=asc/);
    await expect(grid(page).getByRole('row').nth(1)).toContainText('Deutsche Bank');
  } finally {
    await withAppDb((db) => db.query(`DELETE FROM banks WHERE name LIKE 'Paging Bank %'`));
  }
});

test('the palette finds a bank by name and opens it', async ({ page }) => {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Sparkasse');
  const hit = dialog.getByRole('option', { name: /Berliner Sparkasse/ });
  await expect(hit).toBeVisible();
  for (let i = 0; i < 20 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/banks\/\d+\/edit$/);
  await expect(page.getByLabel('Name')).toHaveValue('Berliner Sparkasse');
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Berliner Sparkasse');
});

test('tags: a duplicate name is refused by the server on its field; selected rows are deleted together', async ({ page }) => {
  await withAppDb((db) => db.query(`INSERT INTO tags (name) VALUES ('Bulk one'), ('Bulk two'), ('Bulk three')`));
  await go(page, 'g a t');
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: /Linked entries/ })).toBeVisible();

  // The server's 422 (already used) lands on the name field
  await palette(page, 'New tag');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Music');
  await page.keyboard.press('Control+s');
  await expect(page.locator('[data-field="name"]')).toContainText('is already used');
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('End');
  await page.keyboard.type(' videos');
  await expect(page.locator('[data-field="name"]')).not.toContainText('is already used');
  await page.keyboard.press('Control+s');
  await snackbar(page, 'Tag successfully created');
  await expect(grid(page).getByRole('row', { name: /Music videos/ })).toBeVisible();

  // Select two of the three "Bulk" tags (x, j, x) and delete them from the bulk toolbar
  await focusPageSearch(page);
  await page.keyboard.type('Bulk');
  await expect(grid(page).getByRole('row')).toHaveCount(4);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(grid(page).getByRole('row', { selected: true })).toHaveCount(2);
  const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected rows' });
  await expect(toolbar).toContainText('2 selected');
  // Shift+Tab from the grid into the toolbar lands on its first action (one tab stop), not on "Clear selection"
  await page.keyboard.press('Shift+Tab');
  const bulkDelete = toolbar.getByRole('button', { name: 'Delete selected' });
  await expect(bulkDelete).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm(page, 'Do you really want to delete this entry?', 'Delete');
  await snackbar(page, 'Tag successfully deleted');
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await expect(grid(page)).toContainText('Bulk two');
  await expect(grid(page)).not.toContainText('Bulk one');
  await expect(toolbar).toBeHidden();
  await withAppDb((db) => db.query(`DELETE FROM tags WHERE name IN ('Bulk two', 'Music videos')`));
});

test('a VAT rate of 101 % is refused with the spec message; 16 % is saved', async ({ page }) => {
  await go(page, 'g a v');
  await expect(page.getByRole('heading', { level: 1, name: 'VAT rates' })).toBeVisible();
  await palette(page, 'New VAT rate');
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeFocused();
  await chooseCountry(page, 'Austria');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Rate' })).toBeFocused();
  await page.keyboard.type('101');
  await page.keyboard.press('Control+s');
  await expect(page.locator('[data-field="rate"]')).toContainText('should be less than or equal to 100');
  await expect(page.getByRole('textbox', { name: 'Rate' })).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/vat-rates\/new$/);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('16.5');
  await expect(page.locator('[data-field="rate"]')).not.toContainText('should be');
  await page.keyboard.press('Control+s');
  await snackbar(page, 'VAT rate successfully created');
  await expect(page).toHaveURL(/\/admin\/vat-rates$/);

  // Open it again: the edit page shows the country and the rate as typed
  await focusPageSearch(page);
  await page.keyboard.type('AT');
  const row = grid(page).getByRole('row', { name: /Austria \(AT\) 16\.5/ });
  await expect(row).toBeVisible();
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 10 && !(await row.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Austria (AT)');
  await expect(page.getByRole('textbox', { name: 'Rate' })).toHaveValue('16.5');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AT 16.5 %');

  // The palette knows the record of the page: "Delete this entry"
  await tabTo(page, page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'VAT rates' }), { back: true });
  await palette(page, 'Delete this entry');
  await confirm(page, 'Do you really want to delete this entry?', 'Delete');
  await snackbar(page, 'VAT rate successfully deleted');
  await expect(page).toHaveURL(/\/admin\/vat-rates$/);
  expect((await withAppDb((db) => db.query(`SELECT 1 FROM vat_rates WHERE country_code = 'AT' AND rate = 16.5`))).rowCount).toBe(0);
});

test('currency rates: a payout rate links to its payout; the same currency twice is refused, then saved', async ({ page }) => {
  // A payout's rate points at its payout (a foreign key since migration 0020).
  await withAppDb(async (db) => {
    await db.query(`INSERT INTO payouts (id, month, payout_types) VALUES (7, '2020-01-01', '{adsense}') ON CONFLICT (id) DO NOTHING`);
    return db.query(`INSERT INTO currency_rates (date, base_currency, target_currency, rate, payout_id) VALUES ('2020-01-31', 'USD', 'JPY', '148.2500000000', 7)`);
  });
  try {
    await go(page, 'g a r');
    await expect(page.getByRole('heading', { level: 1, name: 'Currency rates' })).toBeVisible();
    await focusPageSearch(page);
    await page.keyboard.type('JPY');
    await expect(grid(page).getByRole('row')).toHaveCount(2);
    const row = grid(page).getByRole('row').nth(1);
    await expect(row).toContainText('31 Jan 2020');
    await expect(row).toContainText('148.25');
    const payout = row.getByRole('gridcell').filter({ has: page.getByRole('link', { name: 'Payout #7' }) });
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 8 && !(await payout.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
    await expect(payout).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payouts\/7\/show$/);

    await go(page, 'g a r');
    await palette(page, 'New currency rate');
    await expect(page.getByRole('textbox', { name: 'Date' })).toBeFocused();
    await page.keyboard.type('31.01.2020');
    const base = page.getByRole('combobox', { name: 'Base currency' });
    const target = page.getByRole('combobox', { name: 'Target currency' });
    await tabTo(page, base);
    await page.keyboard.type('USD');
    await expect(base).toHaveValue('USD');
    await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
    await page.keyboard.type('USD');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Rate' })).toBeFocused();
    await page.keyboard.type('1,5');
    await page.keyboard.press('Control+s');
    // a comma is not a decimal point here; the same currency on both sides is no rate
    await expect(page.locator('[data-field="target_currency"]')).toContainText('is invalid');
    await expect(page.locator('[data-field="rate"]')).toContainText('is invalid');
    await expect(target).toBeFocused();
    await page.keyboard.type('CHF');
    await expect(target).toHaveValue('CHF');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('0.8841');
    await page.keyboard.press('Control+s');
    await snackbar(page, 'Currency rate successfully created');
    await expect(page).toHaveURL(/\/admin\/currency-rates$/);
  } finally {
    await withAppDb(async (db) => {
      await db.query(`DELETE FROM currency_rates WHERE date = '2020-01-31'`);
      return db.query(`DELETE FROM payouts WHERE id = 7 AND month = '2020-01-01'`);
    });
  }
});

test.describe('axe finds no violations on the list, new and edit screens, in light and dark', () => {
  const screens = [
    { name: 'banks', base: '/admin/banks', table: 'banks' },
    { name: 'tags', base: '/admin/tags', table: 'tags' },
    { name: 'VAT rates', base: '/admin/vat-rates', table: 'vat_rates' },
    { name: 'currency rates', base: '/admin/currency-rates', table: 'currency_rates' },
  ];
  for (const screen of screens) {
    test(`of ${screen.name}`, async ({ page }) => {
      test.setTimeout(120_000);
      const id = await withAppDb(async (db) => (await db.query(`SELECT min(id) AS id FROM ${screen.table}`)).rows[0].id as number);
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
        await page.goto(screen.base);
        await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
        await expectNoAxeViolations(page);
        await page.goto(`${screen.base}/${id}/edit`);
        await expect(page.getByRole('button', { name: /^Save/ }).first()).toBeVisible();
        await expectNoAxeViolations(page);
        // a new form after a failed save: every field marked
        await page.goto(`${screen.base}/new`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.keyboard.press('Control+s');
        await expect(page.getByText("can't be blank").first()).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  }
});
