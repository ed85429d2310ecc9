import { expect, test, type Page } from '@playwright/test';
import { signIn, withAppDb, palette } from './support';

/**
 * The form kit from the keyboard (issue 10, Forms): browser Back on a dirty form, the footer's tab
 * order, list addresses with parameters the list does not take, the sign-in page's error and `#tab`.
 */

async function openNewBank(page: Page) {
  await page.goto('/admin/banks');
  await expect(page.getByRole('grid')).toBeVisible();
  await palette(page, 'New bank');
  await expect(page).toHaveURL(/\/admin\/banks\/new$/);
  await expect(page.getByLabel('Name')).toBeFocused();
}

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });

  test('browser Back on a dirty form asks; staying keeps the edit, leaving discards it', async ({ page }) => {
    await openNewBank(page);
    await page.keyboard.type('Back Bank');
    // The browser's Back (Alt+Left is not delivered to headless pages, so the history is told directly).
    await page.evaluate(() => history.back());
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure? All changes will be lost.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/banks\/new$/);
    await expect(page.getByLabel('Name')).toHaveValue('Back Bank');

    // Back again: the guard entry was restored, so it asks again; this time leave.
    await page.evaluate(() => history.back());
    await expect(dialog).toContainText('Are you sure? All changes will be lost.');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/banks$/);
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('row', { name: /Back Bank/ })).toHaveCount(0);
  });

  test('a clean form leaves on Back without asking', async ({ page }) => {
    await openNewBank(page);
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await page.evaluate(() => history.back());
    await expect(page).toHaveURL(/\/admin\/banks$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('the footer tabs in the order it shows: Save and continue, then Save', async ({ page }) => {
    await openNewBank(page);
    const cont = page.getByRole('button', { name: /^Save and continue/ });
    const save = page.getByRole('button', { name: /^Save\b(?! and)/ });
    const [a, b] = [await cont.boundingBox(), await save.boundingBox()];
    expect(a!.x).toBeLessThan(b!.x);
    await cont.evaluate((el) => (el.previousElementSibling as HTMLElement | null)?.focus());
    for (let i = 0; i < 30 && !(await cont.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(cont).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
  });

  test('on a tall form, a field reached by Tab is not hidden under the sticky Save bar', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/organizations/new');
    await expect(page.getByLabel('Name')).toBeVisible();
    // The tab's last field, right above the bar that holds Back, Next and the Save buttons.
    const last = page.getByLabel('Payment paused notifications', { exact: true });
    await page.getByLabel('Name').focus();
    for (let i = 0; i < 60 && !(await last.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(last).toBeFocused();
    const bar = page.getByRole('button', { name: /^Save\b(?! and)/ }).locator('..');
    await expect(bar.getByRole('button', { name: 'Next' })).toBeVisible();
    const top = await bar.evaluate((el) => el.getBoundingClientRect().top);
    const box = await last.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(top);
  });

  test('a record saved by someone else meanwhile: Save says so, names their fields, and loses nothing', async ({ page }) => {
    // Another staff member, through the real API with this session's token.
    const callApi = (method: string, url: string, body?: unknown) =>
      page.evaluate(
        async ({ method, url, body }) => {
          const cookie = (name: string) => decodeURIComponent(document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`))?.[1] ?? '');
          const res = await fetch(url, {
            method,
            headers: { 'content-type': 'application/json', accept: 'application/json', client: 'web', authorization: `Bearer ${cookie('token')}`, uid: cookie('uid') },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: res.status, body: await res.json() };
        },
        { method, url, body },
      );
    const created = await callApi('POST', '/api/banks', {
      bank: { name: 'Conflict Bank', street: 'Hauptstr. 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', bank_key: '10010010' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    try {
      await page.goto(`/admin/banks/${id}/edit`);
      const name = page.getByLabel('Name');
      await expect(name).toHaveValue('Conflict Bank');
      await name.focus();
      await page.keyboard.press('End');
      await page.keyboard.type(' Mine');

      const theirs = await callApi('PUT', `/api/banks/${id}`, { bank: { city: 'Hamburg' } });
      expect(theirs.status).toBe(200);

      await page.keyboard.press('Control+Enter');
      const alert = page.getByRole('alert').filter({ hasText: 'Someone else saved this entry' });
      await expect(alert).toBeFocused();
      await expect(alert).toContainText('They changed: City.');
      await expect(name).toHaveValue('Conflict Bank Mine');
      const stored = await callApi('GET', `/api/banks/${id}`);
      expect(stored.body).toMatchObject({ name: 'Conflict Bank', city: 'Hamburg' });

      // Keep mine and review: their city arrives, my name stays; saving again now succeeds with both.
      await page.keyboard.press('Tab');
      await expect(alert.getByRole('button', { name: 'Keep my changes and review' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(alert).toHaveCount(0);
      await expect(name).toBeFocused();
      await expect(name).toHaveValue('Conflict Bank Mine');
      await expect(page.getByLabel('City')).toHaveValue('Hamburg');
      await page.keyboard.press('Control+Enter');
      await expect(page.getByText('Bank successfully saved').first()).toBeVisible();
      await expect.poll(async () => (await callApi('GET', `/api/banks/${id}`)).body).toMatchObject({ name: 'Conflict Bank Mine', city: 'Hamburg' });

      // Reload drops this form's edits and shows the stored record.
      await callApi('PUT', `/api/banks/${id}`, { bank: { street: 'Nebenstr. 2' } });
      await name.focus();
      await page.keyboard.type(' Again');
      await page.keyboard.press('Control+Enter');
      await expect(alert).toBeFocused();
      await expect(alert).toContainText('They changed: Street.');
      await alert.getByRole('button', { name: 'Reload (discard my changes)' }).focus();
      await page.keyboard.press('Enter');
      await expect(name).toHaveValue('Conflict Bank Mine');
      await expect(page.getByLabel('Street')).toHaveValue('Nebenstr. 2');
    } finally {
      await withAppDb((db) => db.query('DELETE FROM banks WHERE id = $1', [id]));
    }
  });

  test('a filter value the server refuses is dropped from the address with a warning, not an error screen', async ({ page }) => {
    await page.goto('/admin/users?filter[created_at][gteq]=garbage&filter[roles][]=king&filter[email]=admin');
    const grid = page.getByRole('grid');
    await expect(page.getByText(/The filter .* in the address could not be used/)).toBeVisible();
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(/Could not load/)).toHaveCount(0);
    // The good filter stays; the refused ones are gone from the address (replaced, not a new entry).
    await expect(page).toHaveURL(/filter\[email\]=admin/);
    expect(decodeURIComponent(page.url())).not.toMatch(/created_at|roles/);
    await expect(grid.getByRole('row', { name: /admin@/ }).first()).toBeVisible();
  });

  test('a list address with parameters the list does not take falls back to the defaults', async ({ page }) => {
    await page.goto('/admin/banks?s=7&sort_by=evil&p=-3&filter[nope]=1');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(/Could not load/)).toHaveCount(0);
    await expect(grid).toHaveAttribute('aria-rowcount', /\d+/);
  });
});

test('sign-in names an unknown error in words and keeps the #tab of a deep link', async ({ page }) => {
  await page.goto('/users/sign-in?error=Your SSO login failed');
  await expect(page.getByText('Sign-in failed. Please try again.')).toBeVisible();
  await expect(page.getByText(/sign_in\.errors/)).toHaveCount(0);

  await page.goto('/admin/organizations/new#signers');
  await expect(page).toHaveURL(/\/users\/sign-in\?continue=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('continue') ?? '')).toBe('/admin/organizations/new#signers');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/organizations\/new#signers$/);
  await expect(page.getByRole('tab', { name: /Signers/, selected: true })).toBeVisible();
});
