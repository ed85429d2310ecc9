import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, palette, signIn, withAppDb, tabTo } from './support';

/** Chooses a native select's option with Home and ↓ (type-ahead restarts after a pause on a loaded machine). */
async function pick(page: Page, control: Locator, text: string) {
  await tabTo(page, control);
  const index = await control.evaluate((el, wanted) => [...(el as HTMLSelectElement).options].findIndex((o) => o.text.startsWith(wanted)), text);
  expect(index).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect(control.locator('option:checked')).toHaveText(new RegExp(`^${text}`));
}

/** Types into a lookup and takes the first match with Enter once it is offered. */
async function lookup(page: Page, input: Locator, text: string, option: RegExp) {
  await tabTo(page, input);
  await page.keyboard.type(text);
  await expect(page.getByRole('option', { name: option }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function nextTab(page: Page, hash: string) {
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#${hash}$`));
}

const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

test.describe('contract form from the keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page, 'contracts@remit.local', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: /^Hello/, level: 1 })).toBeVisible();
  });

  test('two vendors whose shares are edited inline to 60/40, a source and a formula, submitted for approval; then copied', async ({ page }) => {
    test.setTimeout(180_000);
    const before = await withAppDb((db) => db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM contracts'));
    await page.goto('/contracts/new');
    await expect(page.getByRole('heading', { name: 'New contract', level: 1 })).toBeVisible();

    // General: organization (focused), type, currency, start date, credit note type, template, submit.
    await expect(select(page, 'Organization')).toBeFocused();
    await pick(page, select(page, 'Organization'), 'Remit Media GmbH');
    await pick(page, select(page, 'Contract type'), 'AdSense');
    await pick(page, select(page, 'Currency'), 'EUR');
    await tabTo(page, textbox(page, 'Start date'));
    await page.keyboard.type('01.01.2027');
    await pick(page, select(page, 'Credit note type'), 'Detailed');
    await tabTo(page, textbox(page, 'Template'));
    await page.keyboard.type('standard');
    const submit = page.getByRole('switch', { name: 'Submit for approval' });
    await tabTo(page, submit);
    await page.keyboard.press('Space');
    await expect(submit).toBeChecked();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);

    // Vendors: two added through the lookup, one by the tab's button and one from the palette; the first starts at 100, the second at 0.
    await nextTab(page, 'vendors');
    const grid = page.getByRole('grid', { name: 'Vendors and their shares' });
    for (const [name, n] of [['Studio Nord', 1], ['Lena Hoffmann', 2]] as const) {
      if (n === 1) {
        await tabTo(page, page.getByRole('button', { name: 'Add vendor' }), { back: true });
        await page.keyboard.press('Enter');
      } else {
        await palette(page, 'Add vendor', /^Add vendor/);
      }
      const vendor = page.getByRole('combobox', { name: 'Vendor' });
      await expect(vendor).toBeFocused();
      await page.keyboard.type(name);
      await expect(page.getByRole('option', { name: new RegExp(name) }).first()).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(grid.getByRole('row')).toHaveCount(n + 1);
      await expect(grid.getByRole('row').nth(n)).toContainText(name);
      await expect(page.getByRole('combobox', { name: 'Payment method' })).not.toHaveValue('');
    }
    await expect(tab(page, 'Vendors')).toContainText('2');

    // The shares inline: F2 edits the first row's share, Tab moves to the next share, Enter saves.
    await tabTo(page, grid.getByRole('row').nth(1), { back: true });
    await page.keyboard.press('F2');
    const share1 = grid.getByRole('textbox');
    await expect(share1).toBeFocused();
    await expect(share1).toHaveValue('100');
    await page.keyboard.type('60');
    await page.keyboard.press('Tab');
    await expect(grid.getByRole('textbox')).toHaveValue('0');
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await expect(grid.getByRole('textbox')).toHaveCount(0);
    const total = page.locator('[data-share-total]');
    await expect(total).toContainText('90 %');
    await expect(page.getByRole('alert').filter({ hasText: 'share percentage invalid' })).toBeVisible();
    // The focus is back on the second share: Enter edits it again, Escape would cancel.
    await page.keyboard.press('Enter');
    await expect(grid.getByRole('textbox')).toHaveValue('30');
    await page.keyboard.type('45');
    await page.keyboard.press('Escape');
    await expect(grid.getByRole('row').nth(2)).toContainText('30 %');
    await page.keyboard.press('F2');
    await page.keyboard.type('40');
    await page.keyboard.press('Enter');
    await expect(total).toContainText('100 %');
    await expect(page.getByRole('alert').filter({ hasText: 'share percentage invalid' })).toHaveCount(0);

    // Revenue sources: one through the lookup. It is already on another signed contract of the organization
    // (made here, so that no other spec's approvals or terminations change it meanwhile): the form warns
    // before submit, naming that contract with a link.
    const held = await withAppDb(async (db) => {
      const one = async (text: string, values: unknown[]) => (await db.query<{ id: number }>(text, values)).rows[0].id;
      const org = await one(`SELECT id FROM organizations WHERE name = 'Remit Media GmbH'`, []);
      const reference = `E2E-HELD-${Date.now()}`;
      const source = await one(`INSERT INTO revenue_sources (type, reference_id, organization_id) VALUES ('youtube_label', $1, $2) RETURNING id`, [reference, org]);
      const contract = await one(
        `INSERT INTO contracts (organization_id, contract_type, currency, start_date, state, credit_note_type) VALUES ($1, 'adsense', 'EUR', '2026-01-01', 'signed', 'short') RETURNING id`,
        [org],
      );
      await db.query('INSERT INTO contract_revenue_sources (contract_id, revenue_source_id) VALUES ($1, $2)', [contract, source]);
      return { reference, contract };
    });
    await nextTab(page, 'revenue-sources');
    await lookup(page, page.getByRole('combobox', { name: 'Revenue sources' }), held.reference, new RegExp(held.reference));
    await expect(page.getByRole('list', { name: '1 revenue sources' })).toContainText(held.reference);
    await expect(tab(page, 'Revenue sources')).toContainText('1');
    const warning = page.getByRole('status').filter({ hasText: 'Approval will be refused' });
    await expect(warning).toContainText(held.reference);
    await expect(warning.getByRole('link')).toHaveText([`Contract #${held.contract}`]);

    // Revenue shares: combined (all + direct), each a revenue share with its params.
    await nextTab(page, 'revenue-shares');
    const all = page.getByRole('group', { name: 'All' });
    const direct = page.getByRole('group', { name: 'Direct' });
    await pick(page, all.getByRole('combobox', { name: 'Formula' }), 'Revenue share');
    await tabTo(page, all.getByRole('textbox', { name: 'Revenue share (%)' }));
    await page.keyboard.type('70');
    await tabTo(page, all.getByRole('textbox', { name: 'Baseline' }));
    await page.keyboard.type('0');
    await pick(page, direct.getByRole('combobox', { name: 'Formula' }), 'Fixed income');
    await tabTo(page, direct.getByRole('textbox', { name: 'Fixed income' }));
    await page.keyboard.type('100');
    // Another formula clears the params.
    await pick(page, direct.getByRole('combobox', { name: 'Formula' }), 'Revenue share');
    await expect(direct.getByRole('textbox', { name: 'Fixed income' })).toHaveCount(0);
    await tabTo(page, direct.getByRole('textbox', { name: 'Revenue share (%)' }));
    await page.keyboard.type('80');
    await tabTo(page, direct.getByRole('textbox', { name: 'Baseline' }));
    await page.keyboard.type('0');

    await page.keyboard.press('Control+s');
    await expect(page).toHaveURL(/\/contracts$/);
    await expect(page.getByText('Contract successfully created').first()).toBeVisible();
    const created = await withAppDb((db) =>
      db.query<{ id: number; state: string; shares: string[] }>(
        `SELECT c.id, c.state, array_agg(cv.share_percentage::text ORDER BY cv.id) AS shares
           FROM contracts c JOIN contract_vendors cv ON cv.contract_id = c.id WHERE c.id > $1 GROUP BY c.id`,
        [before.rows[0].id],
      ),
    );
    expect(created.rows).toHaveLength(1);
    const { id } = created.rows[0];
    expect(created.rows[0].state).toBe('approval_pending');
    expect(created.rows[0].shares.map(Number)).toEqual([60, 40]);

    // It waits in the approval-pending tab.
    await page.goto('/contracts/approval-pending');
    await expect(page.getByRole('grid').getByRole('row').filter({ hasText: String(id) }).first()).toBeVisible();

    // Copied through src_id: the same terms in a new form.
    await page.goto(`/contracts/new?src_id=${id}`);
    await expect(select(page, 'Organization')).toHaveValue(/\d+/);
    await expect(select(page, 'Organization').locator('option:checked')).toHaveText('Remit Media GmbH');
    await expect(tab(page, 'Vendors')).toContainText('2');
    await expect(tab(page, 'Revenue sources')).toContainText('1');
    await nextTab(page, 'vendors');
    await expect(page.locator('[data-share-total]')).toContainText('100 %');
    await nextTab(page, 'revenue-sources');
    await nextTab(page, 'revenue-shares');
    await page.keyboard.press('Control+s');
    await expect(page).toHaveURL(/\/contracts$/);
    const copies = await withAppDb((db) => db.query<{ n: string }>('SELECT count(*) AS n FROM contracts WHERE id > $1', [id]));
    expect(Number(copies.rows[0].n)).toBe(1);
  });

  test('an amendment of a signed contract: apply date, signer, changed shares; saving goes to the details', async ({ page }) => {
    test.setTimeout(120_000);
    // A signed contract with a combined share set. The contracts test terminates one signed contract and
    // applies the demo's signed amendment, so neither 'the first signed one' nor that one will do.
    const signed = await withAppDb((db) =>
      db.query<{ id: number }>(
        `SELECT c.id FROM contracts c WHERE c.state = 'signed'
           AND EXISTS (SELECT 1 FROM contract_revenue_shares s WHERE s.contract_id = c.id AND s.type = 'all')
         ORDER BY EXISTS (SELECT 1 FROM contract_amendments a WHERE a.contract_id = c.id AND a.state = 'signed'), c.id
         LIMIT 1`,
      ),
    );
    expect(signed.rows).toHaveLength(1);
    const id = signed.rows[0].id;
    await page.goto(`/contracts/${id}/show/amendments/new`);
    await expect(page.getByRole('heading', { name: /New amendment/, level: 1 })).toBeVisible();
    await expect(textbox(page, 'Apply on')).toBeFocused();
    await page.keyboard.type('01.06.2030');
    await lookup(page, page.getByRole('combobox', { name: 'Primary signer' }), 'contracts@', /contracts@remit\.local/);
    await nextTab(page, 'vendors');
    await expect(page.getByRole('combobox', { name: /^Payment method of / }).first()).not.toHaveValue('');
    await nextTab(page, 'revenue-sources');
    await nextTab(page, 'revenue-shares');
    const change = page.getByRole('switch', { name: 'Change revenue shares' });
    await tabTo(page, change, { back: true });
    await page.keyboard.press('Space');
    const rate = page.getByRole('group', { name: 'All' }).getByRole('textbox', { name: 'Revenue share (%)' });
    await tabTo(page, rate);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('65');
    await page.keyboard.press('Control+s');
    await expect(page).toHaveURL(new RegExp(`/contracts/${id}/show$`));
    const stored = await withAppDb((db) =>
      db.query<{ apply_on: string; change_revenue_shares: boolean }>(
        "SELECT to_char(apply_on, 'YYYY-MM-DD') AS apply_on, change_revenue_shares FROM contract_amendments WHERE contract_id = $1 ORDER BY id DESC LIMIT 1",
        [id],
      ),
    );
    expect(stored.rows[0]).toEqual({ apply_on: '2030-06-01', change_revenue_shares: true });
  });

  test('a contract that does not exist sends the form to the list; a failed copy says so', async ({ page }) => {
    await page.goto('/contracts/999999/edit');
    await expect(page).toHaveURL(/\/contracts$/);
    await page.goto('/contracts/new?src_id=999999');
    await expect(page.getByText('The contract to copy could not be loaded').first()).toBeVisible();
    await expect(select(page, 'Organization')).toBeFocused();
  });
});
