import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations, palette, signIn, withAppDb } from './support';

/**
 * Spec 2, 6: "List payments from a contract or vendor | payments, payments_admin or admin". A user with
 * payments_admin but not payments opens a contract's payments from its details (issue 25, item 5), and
 * still cannot open the whole payments list. Keyboard only.
 */
const EMAIL = 'payments-admin@remit.test';

test('payments_admin lists one contract’s payments from the contract, not all payments', async ({ page }) => {
  test.setTimeout(120_000);
  const { contractId, count } = await withAppDb(async (db) => {
    // The demo's password for a user holding contracts (to open a contract) and payments_admin.
    await db.query(
      `INSERT INTO users (email, first_name, last_name, roles, password_digest)
       SELECT $1, 'Petra', 'Admin', ARRAY['contracts', 'payments_admin'], password_digest FROM users WHERE email = 'approver@remit.local'
       ON CONFLICT DO NOTHING`,
      [EMAIL],
    );
    const { rows } = await db.query<{ contract_id: string; n: string }>('SELECT contract_id, count(*) AS n FROM payments GROUP BY contract_id ORDER BY n DESC, contract_id LIMIT 1');
    return { contractId: Number(rows[0].contract_id), count: Number(rows[0].n) };
  });

  await signIn(page, EMAIL, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: /^Hello/ })).toBeVisible();
  // The whole list is not theirs: g p sends them home with the reason.
  await page.goto('/payments');
  await expect(page.getByText("You don't have permissions to access this page")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/contracts/${contractId}/show`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText(String(contractId));
  await palette(page, 'List payments', /^List payments/);
  await expect(page).toHaveURL(new RegExp(`/payments\\?filter%5Bcontract_id%5D=${contractId}$|/payments\\?filter\\[contract_id\\]=${contractId}$`));
  await expect(page).toHaveTitle('Payments · Remit');
  const grid = page.getByRole('grid', { name: 'Payments' });
  await expect(grid.getByRole('row')).toHaveCount(count + 1);
  await expectNoAxeViolations(page);
});
