import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, withAppDb, focusPageSearch, tabTo, retype, palette } from './support';

/**
 * Chooses a native select's option from the keyboard with Home and ↓ (type-ahead starts its search
 * over after a pause, which a loaded machine makes between two keys).
 */
async function pick(page: Page, control: Locator, text: string) {
  await expect(control).toBeFocused();
  const index = await control.evaluate((el, wanted) => [...(el as HTMLSelectElement).options].findIndex((o) => o.text.startsWith(wanted)), text);
  expect(index).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect(control.locator('option:checked')).toHaveText(new RegExp(`^${text}`));
}

async function nextTab(page: Page, hash: string) {
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#${hash}$`));
}

const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const select = (scope: Page | Locator, name: string) => scope.getByRole('combobox', { name, exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const snackbar = (page: Page, text: string | RegExp) => page.getByText(text).first();

test.describe('vendors from the keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });

  test('a company through all five tabs, two bank methods with a bank made on the fly, then a change request cancelled', async ({ page }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const name = `Keyboard Vendor ${stamp}`;
    const bankName = `Keyboard Bank ${stamp}`;

    // The list by its go-to keys, its tabs, the new form from the palette.
    await page.keyboard.press('g');
    await page.keyboard.press('v');
    await expect(page).toHaveURL(/\/vendors$/);
    await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
    const views = page.getByRole('navigation', { name: 'Vendor list views' });
    await expect(views.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await palette(page, 'New vendor');
    await expect(page).toHaveURL(/\/vendors\/new$/);

    // General: organization (focused), type, name; Save waits for the last tab on a new vendor.
    await expect(select(page, 'Organization')).toBeFocused();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await pick(page, select(page, 'Organization'), 'Remit Media GmbH');
    await page.keyboard.press('Tab');
    await pick(page, select(page, 'Type'), 'Company');
    await expect(select(page, 'Type')).toHaveValue('company');
    await page.keyboard.press('Tab');
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');

    // Contacts: one contact, its e-mail left invalid for now.
    await nextTab(page, 'contacts');
    await expect(tab(page, 'Contacts')).toContainText('1');
    await tabTo(page, field(page, 'First name'));
    await page.keyboard.type('Karla');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard');
    const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
    await tabTo(page, email);
    await page.keyboard.type('karla@keyboard-vendor');

    // Payment methods: a SEPA account, then a non-SEPA one whose bank is made on the fly.
    await nextTab(page, 'payment-methods');
    await expect(page.getByText('There are no payment methods.')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Add bank account' }));
    await page.keyboard.press('Enter');
    const first = page.getByRole('group', { name: 'Bank account 1' });
    await expect(first.getByRole('switch', { name: 'SEPA account' })).toBeFocused();
    await expect(first.getByRole('switch', { name: 'SEPA account' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard Vendor GmbH');
    await page.keyboard.press('Tab');
    await page.keyboard.type('DE89370400440532013000');
    await page.keyboard.press('Tab');
    // Left, the IBAN reads in blocks of 4.
    await expect(field(first, 'IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
    await page.keyboard.type('COBADEFFXXX');
    await expect(tab(page, 'Payment methods')).toContainText('1');

    await tabTo(page, page.getByRole('button', { name: 'Add bank account' }));
    await page.keyboard.press('Enter');
    const second = page.getByRole('group', { name: 'Bank account 2' });
    await expect(second.getByRole('switch', { name: 'SEPA account' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second.getByRole('switch', { name: 'SEPA account' })).not.toBeChecked();
    await expect(field(second, 'IBAN')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard Vendor GmbH');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234567890');
    await page.keyboard.press('Tab');
    await expect(select(second, 'Bank')).toBeFocused();
    await page.keyboard.type(bankName);
    const addBank = page.getByRole('option', { name: `Add bank "${bankName}"` });
    await expect(addBank).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const bankForm = page.getByRole('group', { name: 'New bank' });
    await expect(field(bankForm, 'Bank key')).toBeFocused();
    await expect(field(bankForm, 'Name')).toHaveValue(bankName);
    await expectNoAxeViolations(page);
    // Enter creates: the banks API refuses the missing address fields on the sub-form itself.
    await page.keyboard.type('10020030');
    await page.keyboard.press('Enter');
    await expect(field(bankForm, 'Street')).toHaveAttribute('aria-invalid', 'true');
    await tabTo(page, field(bankForm, 'Street'));
    await page.keyboard.type('Torstraße 1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10119');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Berlin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Germany');
    await expect(page.getByRole('option', { name: 'Germany (DE)' })).toBeVisible();
    await page.keyboard.press('Enter');
    await tabTo(page, bankForm.getByRole('button', { name: 'Create bank' }));
    await page.keyboard.press('Enter');
    await expect(bankForm).toHaveCount(0);
    await expect(select(second, 'Bank')).toHaveValue(bankName);
    await expect(select(second, 'Bank')).toBeFocused();
    await expect(tab(page, 'Payment methods')).toContainText('2');

    // Address.
    await nextTab(page, 'address');
    await expect(field(page, 'Search address')).toHaveCount(0); // no MAPS_KEY here
    await tabTo(page, field(page, 'Street'));
    await page.keyboard.type('Torstraße');
    await page.keyboard.press('Tab');
    await page.keyboard.type('49');
    await tabTo(page, field(page, 'Postal code'));
    await page.keyboard.type('10119');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Berlin');
    await tabTo(page, page.getByRole('combobox', { name: 'Country' }));
    await page.keyboard.type('Germany');
    await expect(page.getByRole('option', { name: 'Germany (DE)' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany (DE)');

    // Tax info follows the country and the type: DE company fields, no other tax id.
    await nextTab(page, 'tax-info');
    await expect(field(page, 'EU VAT id')).toBeVisible();
    await expect(field(page, 'Regional tax number (Steuernummer)')).toBeVisible();
    await expect(field(page, 'Tax id')).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Natural person' })).toBeVisible();
    await tabTo(page, field(page, 'EU VAT id'));
    await page.keyboard.type('DE136695976');
    await tabTo(page, select(page, 'VAT percentage'));
    await pick(page, select(page, 'VAT percentage'), '19');
    await tabTo(page, select(page, 'Personally liable'));
    await pick(page, select(page, 'Personally liable'), 'No');
    await expect(select(page, 'Personally liable')).toHaveValue('false');

    // Save here fails on the e-mail: the contacts tab opens with its badge; fixed there, saved from the last tab.
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('tab-error-contacts')).toBeVisible();
    await expect(tab(page, 'Contacts')).toHaveAttribute('aria-selected', 'true');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await retype(page, 'karla@keyboard-vendor.test');
    await expect(page.getByTestId('tab-error-contacts')).toBeHidden();
    await nextTab(page, 'payment-methods');
    await nextTab(page, 'address');
    await nextTab(page, 'tax-info');
    await page.keyboard.press('Control+s');
    await expect(snackbar(page, `Vendor ${name} successfully created`)).toBeVisible();
    await expect(page).toHaveURL(/\/vendors$/);

    // The new vendor on the list: its details beside it.
    await focusPageSearch(page);
    await page.keyboard.type(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('New');
    await tabTo(page, row);
    const details = page.getByRole('heading', { name, level: 2 });
    await expect(details).toBeVisible();

    // An admin confirms it by saving it with the signed agreement (the file chooser itself is set directly).
    await palette(page, name, new RegExp(name));
    await expect(page).toHaveURL(/\/vendors\/\d+\/show$/);
    await tabTo(page, page.getByRole('button', { name: 'Edit vendor' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/vendors\/\d+\/edit$/);
    const agreement = page.locator('input[type=file][name=confirmation_document]');
    await tabTo(page, agreement);
    await agreement.setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n') });
    await page.keyboard.press('Control+s');
    await expect(snackbar(page, /successfully saved/)).toBeVisible();
    await expect(page).toHaveURL(/\/vendors$/);

    // A change of its name becomes a change request: the form says so before saving.
    await palette(page, name, new RegExp(name));
    await expect(page).toHaveURL(/\/vendors\/\d+\/show$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Edit vendor' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/vendors\/\d+\/edit$/);
    await tabTo(page, field(page, 'Name'));
    await retype(page, `${name} Renamed`);
    await expect(page.getByText(/saving these changes creates a change request/)).toBeVisible();
    // From when the change applies: required with a change request.
    await tabTo(page, field(page, 'Valid from'), { back: true });
    await page.keyboard.type(`01.01.${new Date().getFullYear() + 1}`);
    await page.keyboard.press('Control+s');
    await expect(snackbar(page, /Change request for vendor .* created/)).toBeVisible();
    await expect(page).toHaveURL(/\/vendors$/);

    // Read-only now: the edit page shows the banner and its cancel action; the fields are disabled.
    await palette(page, name, new RegExp(name));
    await expect(page).toHaveURL(/\/vendors\/\d+\/show$/);
    const alert = page.getByRole('region', { name: 'Change request pending' });
    await expect(alert).toBeVisible();
    await tabTo(page, alert.getByRole('button', { name: 'View changes' }));
    await page.keyboard.press('Enter');
    const diff = page.getByRole('table', { name: 'Requested changes' });
    await expect(diff.getByRole('row', { name: /Name/ })).toContainText(`${name} Renamed`);
    await expectNoAxeViolations(page);
    // The admin's confirmation asks for the signed document: the dialog, then left with Escape.
    await tabTo(page, alert.getByRole('button', { name: 'Confirm change request' }));
    await page.keyboard.press('Enter');
    const confirmDialog = page.getByRole('dialog', { name: 'Confirm change request' });
    await expect(confirmDialog).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(confirmDialog).toHaveCount(0);
    // The actions menu: the vendor's commands.
    await tabTo(page, page.getByRole('button', { name: /^Actions/ }), { back: true });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Deactivate vendor/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Cancel change request/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await tabTo(page, page.getByRole('button', { name: 'Edit vendor' }), { back: true });
    await page.keyboard.press('Enter');
    const banner = page.getByRole('region', { name: 'Change request pending' });
    await expect(banner).toContainText('cannot be edited');
    await expect(field(page, 'Name')).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await tabTo(page, banner.getByRole('button', { name: 'Cancel change request' }), { back: true });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Cancel the change request?');
    await expectNoAxeViolations(page);
    await tabTo(page, confirm.getByRole('button', { name: 'Cancel change request' }));
    await page.keyboard.press('Enter');
    await expect(snackbar(page, 'Change request cancelled')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(field(page, 'Name')).toBeEnabled();
    await expect(field(page, 'Name')).toHaveValue(name);
  });

  test('a stored payment method is applied to a contract from the palette; its card then names the contract', async ({ page }) => {
    // The demo links every contract vendor to a method: free one, so there is something to apply.
    const cv = await withAppDb(async (db) => {
      const { rows } = await db.query<{ id: string; vendor_id: string; contract_id: string }>(
        `SELECT cv.id, cv.vendor_id, cv.contract_id FROM contract_vendors cv JOIN vendors v ON v.id = cv.vendor_id WHERE v.change_request IS NULL ORDER BY cv.id LIMIT 1`,
      );
      await db.query('UPDATE contract_vendors SET vendor_payment_method_id = NULL WHERE id = $1', [rows[0].id]);
      return rows[0];
    });
    await page.goto(`/vendors/${cv.vendor_id}/show`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await palette(page, 'Apply payment method to contracts');
    const dialog = page.getByRole('dialog', { name: 'Apply payment method to contracts' });
    const method = dialog.getByRole('combobox', { name: /^Payment method/ });
    await expect(method).toBeFocused();
    // Apply with nothing chosen names both fields.
    await tabTo(page, dialog.getByRole('button', { name: 'Apply' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByText("can't be blank")).toBeVisible();
    await expect(dialog.getByText('needs at least one entry')).toBeVisible();
    await tabTo(page, method, { back: true });
    await pick(page, method, 'Bank account');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`#${cv.contract_id}`);
    await expect(page.getByRole('option', { name: `Contract #${cv.contract_id}`, exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(`Contract #${cv.contract_id}`, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await tabTo(page, dialog.getByRole('button', { name: 'Apply' }));
    await page.keyboard.press('Enter');
    await expect(snackbar(page, /now pays 1 more contract/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator(':focus')).not.toHaveCount(0);
    const linked = await withAppDb(async (db) => (await db.query('SELECT vendor_payment_method_id FROM contract_vendors WHERE id = $1', [cv.id])).rows[0].vendor_payment_method_id);
    expect(linked).not.toBeNull();
    await expect(page.getByText(new RegExp(`Used by contracts .*#${cv.contract_id}\\b`)).first()).toBeVisible();
  });

  test('the balance tab opens from the palette: the balances, then the ledger entries with the running balance', async ({ page }) => {
    // Issue 23: a demo vendor the payment run wrote ledger entries for.
    const vendor = await withAppDb(async (db) => {
      const { rows } = await db.query<{ id: string; name: string }>(
        `SELECT v.id, v.name FROM balance_entries be JOIN vendors v ON v.id = be.vendor_id GROUP BY v.id, v.name ORDER BY count(*) DESC, v.id LIMIT 1`,
      );
      return rows[0];
    });
    expect(vendor).toBeDefined();
    await page.goto(`/vendors/${vendor.id}/show`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(vendor.name);
    await palette(page, 'Show balance');
    await expect(page).toHaveURL(new RegExp(`/vendors/${vendor.id}/show/balance$`));
    await expect(page.getByRole('navigation', { name: 'Vendor views' }).getByRole('link', { name: 'Balance' })).toHaveAttribute('aria-current', 'page');
    const balances = page.getByRole('table', { name: 'Balances' });
    await expect(balances.getByRole('rowheader').first()).toHaveText(/^Contract #\d+$/);
    const grid = page.getByRole('grid', { name: 'Balance entries' });
    await expect(grid).not.toHaveAttribute('aria-busy');
    const rows = grid.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows.first()).toBeVisible();
    // Each entry says the balance it left: the "Balance after" column holds an amount in every row.
    const header = grid.getByRole('columnheader', { name: /Balance after/ });
    await expect(header).toBeVisible();
    const column = await header.getAttribute('data-col');
    await expect(rows.first().locator(`[data-col="${column}"]`)).toHaveText(/^-?[\d,]+(\.\d+)? [A-Z]{3}$/);
    // The grid takes the keyboard: the first entry has the focus, and the popover filters by kind.
    await expect(rows.first()).toBeFocused();
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('button', { name: /^Filter/ }), { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Filter' });
    const kind = dialog.getByRole('combobox', { name: 'Kind' });
    await tabTo(page, kind);
    await pick(page, kind, 'Payment');
    await expectNoAxeViolations(page);
    await tabTo(page, dialog.getByRole('button', { name: 'Filter', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/filter\[kind\]=payment/);
    await expect(grid).not.toHaveAttribute('aria-busy');
    await expect(rows.first().getByRole('rowheader')).toHaveText('Payment');

    // The balance statement from the palette: this year's months, as CSV; its closing balances are the ledger's.
    await palette(page, 'Download statement');
    const statement = page.getByRole('dialog', { name: 'Balance statement' });
    await expect(statement.getByRole('textbox', { name: /^From/ })).toBeFocused();
    await expectNoAxeViolations(page);
    await tabTo(page, statement.getByRole('button', { name: 'Download CSV' }));
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^balance-statement-.+\.csv$/);
    await expect(statement).toBeHidden();
    const csv = (await fs.readFile((await file.path())!, 'utf8')).trim().split('\r\n').map((l) => l.split(','));
    const closing = csv.filter((r) => r[0] === 'closing').map((r) => [r[2], r[10]]);
    const expected = await withAppDb(async (db) => {
      const { rows: sums } = await db.query<{ cv: string; b: string }>(
        `SELECT contract_vendor_id::text AS cv, round(sum(amount), 2)::text AS b FROM balance_entries WHERE vendor_id = $1 AND month <= date_trunc('month', current_date) GROUP BY 1 ORDER BY 1`,
        [vendor.id],
      );
      return sums.map((r) => [r.cv, r.b]);
    });
    expect(closing.sort()).toEqual(expected.sort());
  });

  test('the list tabs switch the filters they do not apply to off', async ({ page }) => {
    await page.goto('/vendors/confirmation-pending');
    const views = page.getByRole('navigation', { name: 'Vendor list views' });
    await expect(views.getByRole('link', { name: 'Confirmation pending' })).toHaveAttribute('aria-current', 'page');
    await tabTo(page, page.getByRole('button', { name: /^Filter/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'State' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Account manager' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.goto('/vendors/managed-by-me');
    await tabTo(page, page.getByRole('button', { name: /^Filter/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'State' })).toBeEnabled();
    await expect(page.getByRole('combobox', { name: 'Account manager' })).toBeDisabled();
  });
});
