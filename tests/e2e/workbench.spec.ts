import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations, signIn } from './support';

test.describe('workbench from the keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });

  test('the palette goes to a page', async ({ page }) => {
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Command palette' });
    await expect(dialog).toBeVisible();
    await page.keyboard.type('currency');
    await expect(page.getByRole('status').filter({ hasText: 'results' })).toBeAttached();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/currency-rates$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Currency rates');
  });

  test('go-to sequences and the Ctrl shortcuts', async ({ page }) => {
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await page.keyboard.press('u');
    await expect(page).toHaveURL(/\/admin\/users$/);
    // The Ctrl area keys are Home's: on a list Ctrl+P and Ctrl+V stay on the screen.
    await page.keyboard.press('Control+p');
    await page.keyboard.press('Control+v');
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('Control+p');
    await expect(page).toHaveURL(/\/payments$/);
  });

  test('the help sheet lists the hotkeys and closes with Escape', async ({ page }) => {
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Open command palette')).toBeVisible();
    await expect(sheet.getByText('Banks')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  test('an unknown address shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to homepage' }).press('Enter');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the language can be switched from the palette', async ({ page }) => {
    await page.keyboard.press('Control+k');
    await page.keyboard.type('deutsch');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Hallo Admin' })).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('english');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });
});

test('a page the user may not open sends them home with a warning, and the Admin section is hidden', async ({ page }) => {
  await signIn(page, 'portal@remit.local', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Hello Paula' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('button', { name: 'Portal' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin/banks');
  await expect(page.getByText("You don't have permissions to access this page")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('axe finds no violations', () => {
  test('on the signed-out screens', async ({ page }) => {
    for (const path of ['/users/sign-in', '/users/password/new', '/users/password/edit?reset_password_token=x']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test('on the shell screens, in light and dark', async ({ page }) => {
    // Twelve full axe runs (every WCAG A/AA rule and the best practices) take longer than one flow.
    test.setTimeout(180_000);
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
      for (const path of ['/', '/vendors', '/no/such/page']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      }
      // An open filter popover (a dialog in a labelled region) on a list.
      await page.goto('/admin/banks?show=filter');
      await expect(page.getByRole('region', { name: 'Filter' }).getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
    }
  });
});
