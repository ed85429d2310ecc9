import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations, palette, signIn, tabTo, withAppDb } from './support';

/**
 * An approver (only `contracts_approve`) finds what waits for their decision (issue 24, item 11): a
 * home card and a palette command open "Waiting for my approval", the contracts waiting for approval,
 * with an amendment waiting for approval or a termination request pending. Keyboard only.
 */

/** The ids the list must show, from the database: what an approver has to decide. */
const waiting = () =>
  withAppDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(`
      SELECT c.id FROM contracts c WHERE c.state = 'approval_pending'
        OR EXISTS (SELECT 1 FROM contract_amendments a WHERE a.contract_id = c.id AND a.state = 'approval_pending')
        OR EXISTS (SELECT 1 FROM contract_termination_requests t WHERE t.contract_id = c.id AND t.state = 'pending')
      ORDER BY c.id`);
    return rows.map((r) => Number(r.id));
  });

test('an approver reaches what waits for their approval from home and from the palette, in English and German', async ({ page }) => {
  test.setTimeout(120_000);
  const ids = await waiting();
  // The demo has a contract waiting for approval and a signed one with an amendment waiting for it.
  expect(ids.length).toBeGreaterThanOrEqual(2);

  await signIn(page, 'approver@remit.local', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: /^Hello/ })).toBeVisible();
  const card = page.getByRole('main').getByRole('link', { name: /Waiting for my approval/ });
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contracts\/awaiting-my-approval$/);
  await expect(page).toHaveTitle('Waiting for my approval · Remit');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Waiting for my approval' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Waiting for my approval' });
  // Every waiting contract and nothing else: the header row plus one per contract.
  await expect(grid.getByRole('row')).toHaveCount(ids.length + 1);
  for (const id of ids) await expect(grid.getByRole('rowheader').or(grid.getByRole('gridcell')).getByText(String(id), { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // From anywhere through the palette (and its go-to keys g m).
  for (const key of ['g', 'h']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/$/);
  await palette(page, 'Waiting for my approval');
  await expect(page).toHaveURL(/\/contracts\/awaiting-my-approval$/);
  await expect(grid.getByRole('row')).toHaveCount(ids.length + 1);
  for (const key of ['g', 'h']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/$/);
  for (const key of ['g', 'm']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/contracts\/awaiting-my-approval$/);

  await page.evaluate(() => localStorage.setItem('remit.language', 'de'));
  try {
    await page.reload();
    await expect(page).toHaveTitle('Wartet auf meine Freigabe · Remit');
    await expect(page.getByRole('grid', { name: 'Wartet auf meine Freigabe' }).getByRole('row')).toHaveCount(ids.length + 1);
  } finally {
    await page.evaluate(() => localStorage.removeItem('remit.language'));
  }
});
