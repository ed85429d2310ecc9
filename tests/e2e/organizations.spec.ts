import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, focusPageSearch, tabTo, retype, palette } from './support';

/** A solid-colour PNG of `width` × `height` (a logo to upload). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([r, g, b]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const field = (page: Page | Locator, name: string) => page.getByRole('textbox', { name, exact: true });
const select = (page: Page | Locator, name: string) => page.getByRole('combobox', { name, exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true });

test.describe('organizations from the keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });

  test('create across all tabs with an error found by its badge, a logo, save and continue, edit, counters, delete', async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const name = `Keyboard Media ${stamp}`;
    const number = String(stamp).slice(-7);

    // The list by its go-to keys, the new form from the palette.
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await page.keyboard.press('g');
    await expect(page).toHaveURL(/\/admin\/organizations$/);
    await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible();
    await palette(page, 'New organization', /^New organization/i);
    await expect(page).toHaveURL(/\/admin\/organizations\/new$/);

    // General tab: the name field has the focus.
    await expect(field(page, 'Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(number);
    await page.keyboard.press('Tab');
    await expect(select(page, 'Currency')).toBeFocused();
    await page.keyboard.type('EUR');
    await expect(select(page, 'Currency')).toHaveValue('EUR');
    // Minimum payout beside its currency (issue 23): balances below 10.50 EUR carry to the next payout.
    await page.keyboard.press('Tab');
    await expect(field(page, 'Minimum payout')).toBeFocused();
    await expect(field(page, 'Minimum payout')).toHaveAccessibleDescription(/^Balances below it carry to the next payout/);
    await page.keyboard.type('10.50');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Torstraße');
    await page.keyboard.press('Tab');
    await page.keyboard.type('49');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10119');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Berlin');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Country' })).toBeFocused();
    await page.keyboard.type('Germany');
    await expect(page.getByRole('option', { name: 'Germany (DE)' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany (DE)');

    await tabTo(page, select(page, 'Payment type'));
    await page.keyboard.type('Invoice');
    await expect(select(page, 'Payment type')).toHaveValue('invoice');
    await page.keyboard.press('Tab');
    await page.keyboard.type('30');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Days');
    await expect(select(page, 'Unit of the payment due interval')).toHaveValue('d');
    // Four eyes on money out: on for a new organization, left so.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'Four eyes on money out' })).toBeFocused();
    await expect(page.getByRole('switch', { name: 'Four eyes on money out' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(field(page, 'External vendors')).toBeFocused();
    await page.keyboard.type('120');
    await page.keyboard.press('Tab');
    await page.keyboard.type('220');
    await page.keyboard.press('Tab');
    await page.keyboard.type('320');
    await tabTo(page, field(page, 'Primary colour'));
    await page.keyboard.type('#0b5394');

    // The logo: the file chooser itself is set directly; type and size are checked first.
    const logo = page.locator('input[type=file][name=logo]');
    await tabTo(page, logo);
    await logo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByText('is invalid')).toBeVisible();
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(160, 64, [11, 83, 148]) });
    await expect(page.getByText('is invalid')).toBeHidden();
    await expect(page.getByText('logo.png')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo of the organization' })).toHaveAttribute('src', /^blob:/);

    await tabTo(page, field(page, 'Invoice e-mails'));
    await page.keyboard.type('billing@keyboard-media.test');
    await page.keyboard.press('Enter');
    // The chip (TagsInput also announces the added address in its live region).
    await expect(page.locator('[data-part="item-text"]', { hasText: 'billing@keyboard-media.test' })).toBeVisible();

    // Next: managing directors. The first director starts empty; its e-mail is left invalid for now.
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(tab(page, 'Managing directors')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/#managing-directors$/);
    await tabTo(page, field(page, 'Full name'), { back: true });
    await page.keyboard.type('Erika Mustermann');
    await page.keyboard.press('Tab');
    await page.keyboard.type('erika@keyboard-media');

    // Legal imprints: add one, a German template over two lines.
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#legal-imprints$/);
    await tabTo(page, page.getByRole('button', { name: 'Add' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(select(page, 'Locale')).toBeFocused();
    await page.keyboard.type('German');
    await expect(select(page, 'Locale')).toHaveValue('de');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${name} · Torstraße 49\n10119 Berlin`);
    await expect(tab(page, 'Legal imprints')).toContainText('1');

    // Signers: two users found by e-mail, one primary, one secondary.
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#signers$/);
    await tabTo(page, page.getByRole('button', { name: 'Add' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'User' })).toBeFocused();
    await page.keyboard.type('contracts@');
    await expect(page.getByRole('option', { name: /contracts@remit\.local/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'User' })).toHaveValue('contracts@remit.local');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'Primary signer' })).toBeFocused();
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Add' }));
    await page.keyboard.press('Enter');
    const second = page.getByRole('group', { name: 'Signer 2' });
    await expect(second.getByRole('combobox', { name: 'User' })).toBeFocused();
    await page.keyboard.type('finance@');
    await expect(page.getByRole('option', { name: /finance@remit\.local/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await tabTo(page, second.getByRole('switch', { name: 'Secondary signer' }));
    await page.keyboard.press('Space');
    await expect(tab(page, 'Signers')).toContainText('2');

    // WBS codes: 15 rows that followed the number; one gets a template of its own.
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#wbs-codes$/);
    await expect(page.getByRole('textbox', { name: /^WBS template for/ })).toHaveCount(15);
    const adsenseDirect = page.getByRole('textbox', { name: 'WBS template for AdSense, Direct' });
    await expect(adsenseDirect).toHaveValue(`${number}.adsense.direct`);
    await tabTo(page, adsenseDirect, { back: true });
    await retype(page, 'KM-4711-ADS-DIR');

    // Debtor accounts: one EUR account, its IBAN shown in blocks of 4 once left.
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#debtor-accounts$/);
    await tabTo(page, page.getByRole('button', { name: 'Add' }), { back: true });
    await page.keyboard.press('Enter');
    const account = page.getByRole('group', { name: 'Debtor account 1' });
    await expect(select(account, 'Currency')).toBeFocused();
    await page.keyboard.type('EUR');
    await expect(select(account, 'Currency')).toHaveValue('EUR');
    await page.keyboard.press('Tab');
    await page.keyboard.type('DE89370400440532013000');
    await page.keyboard.press('Tab');
    await expect(field(account, 'IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
    await page.keyboard.type('COBADEFFXXX');
    await page.keyboard.press('Tab');
    await page.keyboard.type(name);
    await expect(tab(page, 'Debtor accounts')).toContainText('1');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Saving from here fails on the director's e-mail: its tab opens with a badge.
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('tab-error-managing-directors')).toBeVisible();
    await expect(tab(page, 'Managing directors')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Managing directors')).toContainText('contains errors');
    const email = page.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('is invalid')).toBeVisible();
    await tabTo(page, email);
    await retype(page, 'erika@keyboard-media.test');
    await expect(page.getByTestId('tab-error-managing-directors')).toBeHidden();

    // Save and continue: the edit page of the new organization, same tab.
    await page.keyboard.press('Control+Enter');
    await expect(snackbar(page, 'Organization successfully created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/organizations\/\d+\/edit#managing-directors$/);
    await expect(page.getByRole('heading', { name: `Edit organization ${name}` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(name);
    await expect(tab(page, 'Managing directors')).toContainText('1');
    await expect(tab(page, 'Legal imprints')).toContainText('1');
    await expect(tab(page, 'Signers')).toContainText('2');
    await expect(tab(page, 'Debtor accounts')).toContainText('1');
    await expect(field(page, 'Full name')).toHaveValue('Erika Mustermann');

    // Edit: a second director, a new city, the stored logo shown through the API.
    await tabTo(page, page.getByRole('button', { name: 'Add' }));
    await page.keyboard.press('Enter');
    await page.keyboard.type('Max Mustermann');
    await page.keyboard.press('Tab');
    await page.keyboard.type('max@keyboard-media.test');
    await expect(tab(page, 'Managing directors')).toContainText('2');
    await tabTo(page, page.getByRole('button', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await expect(tab(page, 'General')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('img', { name: 'Logo of the organization' })).toHaveAttribute('src', /^blob:/);
    await expect(page.getByText('Stored logo', { exact: true })).toBeVisible();
    await expect(field(page, 'Minimum payout')).toHaveValue('10.50');
    const removeLogo = page.getByRole('switch', { name: 'Remove the stored logo when saving' });
    await tabTo(page, removeLogo, { back: true });
    await page.keyboard.press('Space');
    await expect(page.getByText('The stored logo will be removed when saving')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo of the organization' })).toHaveCount(0);
    await expect(removeLogo).toBeChecked();
    await expect(removeLogo).toBeFocused();
    await page.keyboard.press('Space');
    await expect(removeLogo).not.toBeChecked();
    await expect(page.getByRole('img', { name: 'Logo of the organization' })).toHaveAttribute('src', /^blob:/);
    await tabTo(page, field(page, 'City'), { back: true });
    await retype(page, 'Potsdam');
    await page.keyboard.press('Control+Enter');
    await expect(snackbar(page, 'Organization successfully saved')).toBeVisible();
    await expect(tab(page, 'Managing directors')).toContainText('2');
    await expect(field(page, 'City')).toHaveValue('Potsdam');

    // Back to the list by the breadcrumbs; search, then delete from the row menu.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await tabTo(page, crumbs.getByRole('link', { name: 'Organizations' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/organizations$/);
    await focusPageSearch(page);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    await page.keyboard.type('Keyboard Media');
    await expect(page).toHaveURL(/q=Keyboard/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await tabTo(page, row);
    // Beside the details pane the city column gives way; the focused row's details show the address.
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Potsdam');
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Delete/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /Delete/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Do you really want to delete this entry?');
    await tabTo(page, confirm.getByRole('button', { name: /^(OK|Delete)$/ }));
    await page.keyboard.press('Enter');
    await expect(snackbar(page, 'Organization successfully deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the list searches, sorts and opens a row; the palette finds an organization', async ({ page }) => {
    await page.goto('/admin/organizations');
    await expect(page.getByRole('row', { name: /Remit Media GmbH/ })).toBeVisible();
    await focusPageSearch(page);
    await page.keyboard.type('Ltd');
    await expect(page).toHaveURL(/q=Ltd/);
    await expect(page.getByRole('row', { name: /Remit Media Ltd/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Remit Media GmbH/ })).toHaveCount(0);
    // (other tests may add organizations meanwhile: the demo ones are searched by name)
    await retype(page, 'Remit Media');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row', { name: /Remit Media GmbH/ })).toBeVisible();

    // Sorting by number: from a row up into the header, right to 'Number', Enter; again for descending.
    const header = page.getByRole('columnheader', { name: /Number/ });
    await tabTo(page, page.getByRole('row', { name: /Remit Media/ }).first());
    await page.keyboard.press('ArrowUp');
    for (let i = 0; i < 12 && !(await header.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))); i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort_by=number/);
    await expect(page).toHaveURL(/sort_direction=asc/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('row', { name: /Remit Media/ }).first()).toContainText('1000');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort_direction=desc/);
    await expect(page.getByRole('row', { name: /Remit Media/ }).first()).toContainText('2000');

    // Enter on a row opens its edit page with the record's name in the breadcrumbs.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/organizations\/\d+\/edit$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Remit Media Ltd');

    // The palette finds an organization by its name and opens it.
    await page.goto('/admin/organizations');
    await expect(page.getByRole('row', { name: /Remit Media GmbH/ })).toBeVisible();
    await palette(page, 'Remit Media GmbH', /^Remit Media GmbH/i);
    await expect(page).toHaveURL(/\/admin\/organizations\/\d+\/edit$/);
    await expect(page.getByRole('heading', { name: 'Edit organization Remit Media GmbH' })).toBeVisible();
  });

  for (const theme of ['light', 'dark']) {
    test(`axe finds no violations on the list and every tab of the form (${theme})`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
      await page.goto('/admin/organizations');
      await expect(page.getByRole('row', { name: /Remit Media GmbH/ })).toBeVisible();
      await expectNoAxeViolations(page);
      for (const path of ['/admin/organizations/new', '/admin/organizations/1/edit']) {
        for (const [hash, name] of [
          ['', 'General'],
          ['#managing-directors', 'Managing directors'],
          ['#legal-imprints', 'Legal imprints'],
          ['#signers', 'Signers'],
          ['#wbs-codes', 'WBS codes'],
          ['#debtor-accounts', 'Debtor accounts'],
        ]) {
          await page.goto(`${path}${hash}`);
          await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
          if (path.endsWith('edit') && hash === '') await expect(page.getByRole('img', { name: 'Logo of the organization' }).or(page.getByText('No logo'))).toBeVisible();
          await expectNoAxeViolations(page);
        }
      }
      // the marks of a failed save: field errors, list errors and tab badges
      await page.goto('/admin/organizations/new#signers');
      await expect(tab(page, 'Signers')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Control+s');
      await expect(page.getByTestId('tab-error-signers')).toBeVisible();
      await expect(page.getByText('primary or secondary signers missing')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
