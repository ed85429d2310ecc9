import { expect, test } from '@playwright/test';
import { signIn, withAppDb } from './support';

/**
 * Combo boxes from the keyboard (issue 10): the first match is highlighted as you type and Enter
 * picks it, so a typed country or role is saved instead of being thrown away.
 */
test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
});

test('"Germ" and Enter in the country picker saves Germany', async ({ page }) => {
  const name = 'Comboboxbank Germ';
  try {
    await page.goto('/admin/banks/new');
    await expect(page.getByLabel('Name')).toBeFocused();
    for (const text of [name, 'Weg 1', '10115', 'Berlin']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    const country = page.getByRole('combobox', { name: 'Country' });
    await expect(country).toBeFocused();
    await page.keyboard.type('Germ');
    await expect(page.getByRole('option', { name: 'Germany (DE)' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('Germany (DE)');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10010010');
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Bank successfully created')).toBeVisible();
    const saved = await withAppDb((db) => db.query<{ country_code: string }>('SELECT country_code FROM banks WHERE name = $1', [name]));
    expect(saved.rows).toEqual([{ country_code: 'DE' }]);
  } finally {
    await withAppDb((db) => db.query('DELETE FROM banks WHERE name = $1', [name]));
  }
});

test('"contr" and Enter in the roles picker gives the user the contracts role', async ({ page }) => {
  const email = 'combo-roles@remit.test';
  await page.goto('/admin/users/new');
  const form = page.getByRole('form', { name: 'New user' });
  await expect(form.getByLabel('First name')).toBeFocused();
  for (const text of ['Conny', 'Combo', email]) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  await expect(form.getByRole('combobox', { name: 'Roles' })).toBeFocused();
  await page.keyboard.type('contr');
  await expect(page.getByRole('option', { name: 'Contracts', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  // the list stays open for the next role (the page behind it hidden meanwhile): Escape closes it
  await page.keyboard.press('Escape');
  await expect(form.getByRole('grid', { name: 'Roles: chosen' }).getByRole('row')).toHaveText([/^Contracts/]);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('User successfully created')).toBeVisible();
  const saved = await withAppDb((db) => db.query<{ roles: string[] }>('SELECT roles FROM users WHERE email = $1', [email]));
  expect(saved.rows).toEqual([{ roles: ['contracts'] }]);
});

// A fast typist's "Germany⏎": the Enter comes before the first match is highlighted. Before the fix it
// emptied the field about one time in twenty (4 of 80 measured), so 30 rounds catch it nearly always.
test('a country typed and chosen with Enter at once is kept, every time', async ({ page }) => {
  // 30 rounds of typing: a loaded 2-core machine needs more than the default 30 s (each step still waits for its state).
  test.setTimeout(120_000);
  await page.goto('/admin/banks/new');
  const country = page.getByRole('combobox', { name: 'Country' });
  await expect(country).toBeVisible();
  await country.focus();
  for (let round = 0; round < 30; round++) {
    // Emptied and left, then back: each round chooses afresh.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(country).toBeFocused();
    await expect(country).toHaveValue('');
    await page.keyboard.type('Germany');
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('Germany (DE)');
    await expect(page.getByRole('listbox')).toBeHidden();
  }
});
