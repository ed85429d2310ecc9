import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { screenRouteIds, screenUrls } from './routes';
import { AXE_TAGS, signIn, withAppDb } from './support';

/**
 * axe-core with every WCAG 2.x A/AA rule and the best practices on every screen of the app, in both
 * themes, and with the dialogs and popovers open (issue 10). A screen added to a feature's index
 * without a place here fails the first test, so none goes unchecked.
 */

// Frames without an area screen yet: one placeholder and the not-found page stand for them.
const EXTRA = ['/', '/no-such-page'];
const PUBLIC = ['/users/sign-in', '/users/password/new', '/users/password/edit?reset_password_token=x'];

/** Screens by area (the route id's first part): one test each, so the sweep grows with the app without one test's timeout. */
function screensByArea(): Map<string, string[]> {
  const areas = new Map<string, string[]>();
  for (const id of screenRouteIds()) {
    const area = id.split('.')[0];
    areas.set(area, [...(areas.get(area) ?? []), id]);
  }
  return areas;
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Opens a signed-in screen, waits for it to settle and answers its violations. */
async function sweep(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  // A full page load (the app, its chunks, the record): on a loaded machine it takes longer than a click.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await settled(page);
  return violations(page, url);
}

async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe.configure({ mode: 'parallel' });

for (const theme of ['light', 'dark']) {
  test(`the signed-out screens and the frames without an area have no axe violations (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    await page.goto('/users/sign-in');
    await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
    for (const url of PUBLIC) {
      await page.goto(url);
      await settled(page);
      found.push(...(await violations(page, url)));
    }
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
    for (const url of EXTRA) found.push(...(await sweep(page, url)));
    expect(found).toEqual([]);
  });

  for (const [area, ids] of screensByArea()) {
    test(`every ${area} screen has no axe violations (${theme})`, async ({ page }) => {
      // An area with many screens (and form tabs) gets more time on a loaded machine.
      test.setTimeout(Math.max(120_000, ids.length * 40_000));
      await signIn(page);
      await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
      await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
      const found: string[] = [];
      for (const id of ids) for (const url of await screenUrls(id)) found.push(...(await sweep(page, url)));
      expect(found).toEqual([]);
    });
  }

  test(`dialogs and popovers have no axe violations (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
    await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
    await page.goto('/admin/banks');
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    await settled(page);

    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    await page.keyboard.type('bank');
    found.push(...(await violations(page, 'palette')));
    await page.keyboard.press('Escape');

    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    found.push(...(await violations(page, 'help sheet')));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Filter/ }).first().click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    found.push(...(await violations(page, 'filter popover')));
    await page.keyboard.press('Escape');

    const row = page.getByRole('grid').getByRole('row').nth(1);
    await row.focus();
    await page.keyboard.press('Shift+F10');
    await expect(page.getByRole('menu')).toBeVisible();
    found.push(...(await violations(page, 'row menu')));
    await page.getByRole('menuitem', { name: /^Delete/ }).click();
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
    found.push(...(await violations(page, 'confirmation')));
    await page.keyboard.press('Escape');

    // A combo box with its list open (the country of a bank), from the keyboard.
    await page.goto('/admin/banks/new');
    const country = page.getByRole('combobox', { name: /^Country/ });
    await country.focus();
    await page.keyboard.type('Germ');
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.getByRole('option', { name: /^Germany/ })).toBeVisible();
    found.push(...(await violations(page, 'combo box')));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);

    // A date picker open (the date of a currency rate).
    await page.goto('/admin/currency-rates/new');
    await expect(page.getByLabel(/^Date/).first()).toBeFocused();
    await page.getByRole('button', { name: /in a calendar$/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /in a calendar$/ })).toBeVisible();
    found.push(...(await violations(page, 'date picker')));
    await page.keyboard.press('Escape');

    expect(found).toEqual([]);
  });

  test(`contract dialogs and menus have no axe violations (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
    await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
    // The demo's signing-cancelled contract, which no other test uses, is put into each state a dialog needs.
    const id = await withAppDb(async (db) => (await db.query<{ id: number }>(`SELECT min(id) AS id FROM contracts WHERE state = 'signing_cancelled' OR state_comment = 'a11y'`)).rows[0].id);
    const setState = (state: string) => withAppDb((db) => db.query(`UPDATE contracts SET state = $2, state_comment = 'a11y' WHERE id = $1`, [id, state]));
    const open = async (state: string) => {
      await setState(state);
      await page.goto(`/contracts/${id}/show`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
    };
    const dialog = async (button: string | RegExp, name: string, scope = page.getByRole('main')) => {
      await scope.getByRole('button', { name: button, exact: typeof button === 'string' }).first().click();
      await expect(page.getByRole('dialog', { name }).or(page.getByRole('alertdialog'))).toBeVisible();
      found.push(...(await violations(page, name)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name }).or(page.getByRole('alertdialog'))).toHaveCount(0);
    };
    try {
      await open('approval_pending');
      await dialog('Approve', 'Confirm');
      await dialog('Reject', 'Reject');
      await open('signing_pending');
      await dialog('Sign', 'Sign');
      await open('signed');
      await dialog('Pause vendor', 'Pause vendor', page.getByRole('region', { name: 'Vendors' }));
      await dialog(/^Record advance/, 'Record advance', page.getByRole('region', { name: 'Vendors' }));
      await page.getByRole('button', { name: /^Actions/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      found.push(...(await violations(page, 'contract actions menu')));
      await page.getByRole('menuitem', { name: /^Terminate/ }).click();
      await expect(page.getByRole('dialog', { name: 'Terminate' })).toBeVisible();
      found.push(...(await violations(page, 'termination form')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Actions/ }).click();
      await page.getByRole('menuitem', { name: /^Cancel contract/ }).click();
      await expect(page.getByRole('dialog', { name: 'Cancel contract' })).toBeVisible();
      found.push(...(await violations(page, 'cancel dialog')));
      await page.keyboard.press('Escape');
    } finally {
      await withAppDb((db) => db.query(`UPDATE contracts SET state = 'signing_cancelled', state_comment = 'Never signed' WHERE id = $1`, [id]));
    }
    expect(found).toEqual([]);
  });

  test(`the payout's upload dialog with refused and hinted files has no axe violations (${theme})`, async ({ page }) => {
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    const created = await withAppDb((db) => db.query<{ id: number }>(`INSERT INTO payouts (month, payout_types) VALUES ($1, '{adsense}') RETURNING id`, [month]));
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
    await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
    await page.goto(`/payouts/${created.rows[0].id}/show`);
    await page.getByRole('button', { name: 'Upload files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload report files' });
    await expect(dialog).toBeVisible();
    const ym = month.slice(0, 7).replace('-', '');
    await dialog.getByLabel(/^Report files/).setInputFiles([
      { name: `YouTube_RemitMusicDemo_M_${ym}01_${ym}28_claim_raw_v1-1.csv`, mimeType: 'text/csv', buffer: Buffer.from('a\n') },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') },
    ]);
    await expect(dialog.getByText(/its asset_summary file is missing/)).toBeVisible();
    expect(await violations(page, 'payout upload dialog')).toEqual([]);
  });

  test(`the payment dialogs have no axe violations (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    // Two payments of a fresh payout on a demo contract vendor: a new invoice payment (attach, cancel) and one with its invoice added (verify).
    const [fresh, added] = await withAppDb(async (db) => {
      const cv = (await db.query<{ id: number; contract_id: number; vendor_id: number; organization_id: number; currency: string }>(
        `SELECT cv.id, cv.contract_id, cv.vendor_id, c.organization_id, c.currency FROM contract_vendors cv JOIN contracts c ON c.id = cv.contract_id ORDER BY cv.id LIMIT 1`,
      )).rows[0];
      const payout = (await db.query<{ id: number }>(`INSERT INTO payouts (month, payout_types, label) VALUES ('2023-01-01', '{adsense}', $1) RETURNING id`, [`a11y ${theme} ${Date.now()}`])).rows[0].id;
      const insert = async (type: string, state: string) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO payments (type, state, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, currency, currency_rate, start_date, end_date, due_date,
                                   amount, vat_percentage, vat_amount, wht_amount, total_amount)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, '2023-01-01', '2023-01-31', '2023-02-28', 100.00, 19, 19.00, 0, 119.00) RETURNING id`,
            [type, state, payout, cv.organization_id, cv.contract_id, cv.id, cv.vendor_id, cv.currency],
          )
        ).rows[0].id;
      return [await insert('invoice', 'new'), await insert('self_billing', 'invoice_added')];
    });
    const found: string[] = [];
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
    await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
    const open = async (id: number, command: string, dialogName: RegExp) => {
      await page.goto(`/payments/${id}/show`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      await expect(async () => {
        if (!(await page.getByRole('dialog', { name: 'Command palette' }).isVisible())) await page.keyboard.press('Control+k');
        await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox')).toBeFocused({ timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await page.keyboard.type(command);
      await expect(page.getByRole('option', { name: new RegExp(`^${command}`) }).first()).toBeVisible();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toBeVisible();
      await settled(page);
      found.push(...(await violations(page, `payment ${id}: ${command}`)));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };
    await open(fresh, 'Attach invoice', /^Attach invoice to /);
    await open(fresh, 'Cancel payment', /^Cancel payment /);
    await open(added, 'Verify invoice', /^Verify invoice of /);
    expect(found).toEqual([]);
  });
}

// The payments list's row menu and bulk toolbar and a payment's Actions menu (issue 24, items 4 and 9: their
// items are named by all they show), in both themes (each state asserted on its own, so one finding does not hide the next), the dark one in German.
for (const [theme, language] of [
  ['light', 'en'],
  ['dark', 'de'],
] as const) {
  test(`the payments menus and bulk toolbar have no axe violations (${theme}, ${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
    await page.evaluate(([t, l]) => (localStorage.setItem('remit.theme', t), localStorage.setItem('remit.language', l)), [theme, language]);
    try {
      await page.goto('/payments');
      const grid = page.getByRole('grid').first();
      const first = grid.locator('[data-row-index="0"]');
      await expect(first).toBeFocused();
      await settled(page);
      await page.keyboard.press('Shift+F10');
      await expect(page.getByRole('menu')).toBeVisible();
      expect.soft(await violations(page, 'payments row menu')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(first).toBeFocused();
      await page.keyboard.press('x');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('x');
      await expect(page.getByRole('toolbar')).toBeVisible();
      expect.soft(await violations(page, 'payments bulk toolbar')).toEqual([]);

      const id = await withAppDb(async (db) => (await db.query<{ id: number }>('SELECT min(id) AS id FROM payments')).rows[0].id);
      await page.goto(`/payments/${id}/show`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      await page.getByRole('main').getByRole('button', { name: language === 'de' ? /^Aktionen/ : /^Actions/ }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menu')).toBeVisible();
      expect.soft(await violations(page, 'payment actions menu')).toEqual([]);
      await page.keyboard.press('Escape');
    } finally {
      await page.evaluate(() => localStorage.removeItem('remit.language'));
    }
  });
}
