import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_ADMIN, signIn, withAppDb } from './support';

test('signs in and out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/users\/sign-in$/);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: /User menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/users\/sign-in$/);
  // The token is revoked on the server, not only forgotten by the browser.
  await page.goto('/');
  await expect(page).toHaveURL(/\/users\/sign-in$/);
});

test('a wrong password says so', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, 'not the password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid' })).toHaveText('Invalid e-mail or password.');
  await expect(page).toHaveURL(/\/users\/sign-in$/);
});

test('blank fields are named before anything is sent', async ({ page }) => {
  await page.goto('/users/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).press('Enter');
  await expect(page.getByText("can't be blank")).toHaveCount(2);
});

test('a deep link while signed out returns there after sign-in', async ({ page }) => {
  await page.goto('/admin/banks?p=1');
  await expect(page).toHaveURL(/\/users\/sign-in\?continue=%2Fadmin%2Fbanks%3Fp%3D1$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/banks\?p=1$/);
});

test('an expired token on the next call goes back to sign-in with the session-expired warning', async ({ page }) => {
  // A user of its own: expiring the admin's sessions would sign out tests running beside this one.
  const email = 'finance@remit.local';
  await page.clock.install();
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Hello Fiona' })).toBeVisible();
  await page.goto('/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await withAppDb((db) => db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]));
  // The session is re-checked every 5 minutes.
  await page.clock.fastForward('05:01');
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/sign-in\?continue=%2Fpayouts$/);
});
