import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN, expectNoAxeViolations, signIn, withAppDb, focusPageSearch, tabTo, palette } from './support';

/*
 * Categories, content owners and users (spec 1, 2.7, 2.8, 2.12), driven from the keyboard only: hotkeys,
 * the palette, Tab, arrows, Enter. Names carry a stamp so repeated runs on one database do not collide.
 */

const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '/tmp/remit-e2e', 'outbox');
const stamp = () => Date.now().toString(36);

async function go(page: Page, keys: string, url: RegExp) {
  for (const key of keys.split(' ')) await page.keyboard.press(key);
  await expect(page).toHaveURL(url);
}

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Moves the grid's cursor to the row that contains `text` (the grid must have the focus): from the
 * first row down, since a list reopens on the row that was focused before, which may lie below it.
 */
async function rowTo(page: Page, grid: Locator, text: string | RegExp) {
  const row = grid.getByRole('row').filter({ hasText: text }).first();
  await expect(row).toBeVisible();
  if (!(await hasFocus(row))) await page.keyboard.press('Control+Home');
  for (let i = 0; i < 60; i++) {
    if (await hasFocus(row)) return row;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no row ${text}`);
}

async function focusGrid(page: Page, name: string) {
  const grid = page.getByRole('grid', { name });
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  await focusPageSearch(page);
  await tabTo(page, grid);
  return grid;
}

/** The row's commands (Shift+F10), as the menu lists them. */
async function rowMenu(page: Page) {
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function mailTo(email: string): Promise<string[]> {
  const files = await fs.readdir(OUTBOX).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((f) => fs.readFile(path.join(OUTBOX, f), 'utf8')));
  return mails.filter((m) => m.includes(email));
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
});

test('a category created under a parent shows indented below it; delete is refused while it has children', async ({ page }) => {
  const id = stamp();
  const parent = `Parent ${id}`;
  const child = `Child ${id}`;
  await go(page, 'g a c', /\/admin\/categories$/);

  // The parent, at the top level, first.
  await palette(page, 'New category');
  await expect(page).toHaveURL(/\/admin\/categories\/new$/);
  const form = page.getByRole('form', { name: 'New category' });
  await expect(form.getByLabel('Parent')).toBeDisabled();
  await expect(form.getByText('Choose a type first')).toBeVisible();
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(parent);
  await page.keyboard.press('Tab');
  await page.keyboard.type('YouTube');
  await expect(form.getByLabel('Type')).toHaveValue('youtube_vertical');
  await expect(form.getByLabel('Parent')).toBeEnabled();
  await expect(form.getByLabel('Position')).toHaveValue('0');
  await expect(form.getByLabel('Position').locator('option').first()).toHaveText('Insert at beginning');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Category successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/categories$/);

  // The child: the parent picker offers the tree, the position picker the parent's children.
  await palette(page, 'New category');
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(child);
  await page.keyboard.press('Tab');
  await page.keyboard.type('YouTube');
  await expect(form.getByLabel('Parent')).toBeEnabled();
  await expect(form.getByLabel('Parent').locator('option', { hasText: '— Pop' })).toHaveCount(1);
  await expect(form.getByLabel('Parent').locator('option', { hasText: parent })).toHaveCount(1);
  await page.keyboard.press('Tab');
  // Type-ahead (a space would open the list): the only top-level name starting so.
  await page.keyboard.type('Parent');
  await expect(form.getByLabel('Parent').locator('option:checked')).toHaveText(parent);
  await expect(form.getByLabel('Position').locator('option')).toHaveText(['Insert at beginning']);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Category successfully created')).toBeVisible();

  // Tree order: the child's row follows its parent's, one dash deeper.
  const grid = page.getByRole('grid', { name: 'Categories' });
  await expect(grid.getByRole('row').nth(1)).toContainText(parent);
  await expect(grid.getByRole('row').nth(2)).toContainText(`— ${child}`);
  await expect(grid.getByRole('row').nth(2)).toContainText('1');

  // The parent's Delete is disabled with the reason.
  await focusGrid(page, 'Categories');
  await rowTo(page, grid, parent);
  let menu = await rowMenu(page);
  const del = menu.getByRole('menuitem', { name: /^Delete/ });
  await expect(del).toHaveAttribute('aria-disabled', 'true');
  await expect(del).toContainText('it has subcategories');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // A child added meanwhile elsewhere: the list still offers Delete, the server refuses it.
  await withAppDb((db) =>
    db.query(`INSERT INTO categories (type, name, position, parent_id) SELECT 'youtube_vertical', $1, 0, id FROM categories WHERE name = $2`, [`Grandchild ${id}`, child]),
  );
  await rowTo(page, grid, child);
  menu = await rowMenu(page);
  await expect(menu.getByRole('menuitem', { name: /^Delete/ })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: /^Delete/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Do you really want to delete this entry?');
  // Cancel has the focus; the confirming button is next.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('has entries below it')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: `— ${child}` })).toHaveCount(1);
  await expect(grid.getByRole('row').filter({ hasText: `—— Grandchild ${id}` })).toHaveCount(1);
});

test("a content owner's mapping rules are added and reordered from the keyboard, and the details show them in order", async ({ page }) => {
  test.setTimeout(60_000);
  await go(page, 'g a o', /\/admin\/content-owners$/);
  const grid = await focusGrid(page, 'Content owners');
  await rowTo(page, grid, 'Partner Network UK');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/content-owners\/\d+\/show$/);
  await expect(page.getByRole('heading', { name: /Content owner\s*Partner Network UK/ })).toBeVisible();

  await palette(page, 'Edit content owner');
  await expect(page).toHaveURL(/\/admin\/content-owners\/\d+\/edit$/);
  const form = page.getByRole('form', { name: 'Edit content owner' });
  await expect(form.getByLabel('Report filename part')).toBeFocused();
  await expect(form.getByLabel('Content owner id')).toHaveAttribute('readonly', '');

  // The existing 'All' entry: move 'MA label' before 'Label to channel'.
  const entries = form.getByRole('group', { name: 'Earnings mapping rules' });
  const all = entries.getByRole('group', { name: 'Asset type 1' });
  const allChips = all.getByRole('grid', { name: 'Rules: chosen' }).getByRole('row');
  await expect(allChips).toHaveText([/^1\. Label to channel/, /^2\. MA label/, /^3\. Video id/]);
  await tabTo(page, all.getByRole('grid', { name: 'Rules: chosen' }), { max: 80 });
  await expect(allChips.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(allChips.nth(1)).toBeFocused();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(allChips).toHaveText([/^1\. MA label/, /^2\. Label to channel/, /^3\. Video id/]);
  await expect(allChips.first()).toBeFocused();

  // A new entry for music videos: video id, then channel override, then channel override moved first.
  await tabTo(page, entries.getByRole('button', { name: 'Add' }));
  await page.keyboard.press('Enter');
  const music = entries.getByRole('group', { name: 'Asset type 2' });
  const assetType = music.getByRole('combobox', { name: 'Asset type', exact: true });
  await expect(assetType).toBeFocused();
  await expect(assetType.locator('option', { hasText: 'All' })).toBeDisabled();
  await page.keyboard.type('Music');
  await expect(assetType).toHaveValue('music_video');
  await page.keyboard.press('Tab');
  const rules = music.getByRole('combobox', { name: 'Rules' });
  await expect(rules).toBeFocused();
  await page.keyboard.type('video id');
  await page.keyboard.press('Enter');
  await page.keyboard.type('channel over');
  await page.keyboard.press('Enter');
  // The list stays open for the next rule; Escape closes it (the page behind is hidden meanwhile).
  await page.keyboard.press('Escape');
  const musicChips = music.getByRole('grid', { name: 'Rules: chosen' }).getByRole('row');
  await expect(musicChips).toHaveText([/^1\. Video id/, /^2\. Channel override/]);
  // Shift+Tab from the search box lands on the last chip (its remove button); the move works from there too.
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => hasFocus(musicChips.nth(1))).toBe(true);
  await page.keyboard.press('Control+ArrowLeft');
  await expect(musicChips).toHaveText([/^1\. Channel override/, /^2\. Video id/]);
  await expectNoAxeViolations(page);

  await page.keyboard.press('Control+s');
  await expect(page.getByText('Content owner successfully saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content-owners$/);

  // The palette finds the owner; its details list the rules in the saved order.
  await palette(page, 'Partner Network', /Partner Network UK/);
  await expect(page).toHaveURL(/\/admin\/content-owners\/\d+\/show$/);
  const table = page.getByRole('table', { name: 'Earnings mapping rules' });
  await expect(table.getByRole('row', { name: /^All/ }).getByRole('listitem')).toHaveText(['1. MA label', '2. Label to channel', '3. Video id']);
  await expect(table.getByRole('row', { name: /^Music video/ }).getByRole('listitem')).toHaveText(['1. Channel override', '2. Video id']);
});

test('a new user gets a welcome mail; one’s own row cannot be edited or deleted; the contract roles exclude each other', async ({ page }) => {
  // A long journey (two row menus, a form with axe, two mails): more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const email = `e2e.${stamp()}@remit.test`;
  await go(page, 'g a u', /\/admin\/users$/);
  const grid = page.getByRole('grid', { name: 'Users' });
  await expect(grid.getByRole('row').filter({ hasText: E2E_ADMIN.email })).toContainText(`${E2E_ADMIN.email}(you)`);

  // One's own row: Edit and Delete are disabled and say why; the password link is offered.
  await focusGrid(page, 'Users');
  await rowTo(page, grid, E2E_ADMIN.email);
  const menu = await rowMenu(page);
  for (const name of [/^Edit/, /^Delete/]) {
    await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByRole('menuitem', { name })).toContainText('this is your own account');
  }
  await expect(menu.getByRole('menuitem', { name: 'Send password link' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // A new user; contracts and approve_contracts exclude each other.
  await palette(page, 'New user');
  const form = page.getByRole('form', { name: 'New user' });
  await expect(form.getByLabel('First name')).toBeFocused();
  await page.keyboard.type('Erika');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ende');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  const roles = form.getByRole('combobox', { name: 'Roles' });
  await expect(roles).toBeFocused();
  await page.keyboard.type('approve contracts');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const chips = form.getByRole('grid', { name: 'Roles: chosen' }).getByRole('row');
  await expect(chips).toHaveText([/^Approve contracts \(legacy\)/]);
  await page.keyboard.type('contracts');
  await expect(page.getByRole('option', { name: 'Contracts', exact: true })).toHaveAttribute('aria-disabled', 'true');
  // Removing the legacy role frees contracts again.
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect(chips).toHaveCount(0);
  await page.keyboard.type('contracts');
  await expect(page.getByRole('option', { name: 'Contracts', exact: true })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(chips).toHaveText([/^Contracts/]);
  await page.keyboard.type('approve contracts');
  await expect(page.getByRole('option', { name: 'Approve contracts (legacy)' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('User successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect.poll(() => mailTo(email).then((m) => m.length), { timeout: 10_000 }).toBe(1);

  // The new user's row: a password link on request.
  await expect(grid.getByRole('row').filter({ hasText: email })).toContainText('Contracts');
  await focusGrid(page, 'Users');
  await rowTo(page, grid, email);
  const rowCommands = await rowMenu(page);
  await expect(rowCommands.getByRole('menuitem', { name: /^Edit/ })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('End');
  await expect(rowCommands.getByRole('menuitem', { name: 'Send password link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`A link to set a password was sent to ${email}`)).toBeVisible();
  await expect.poll(() => mailTo(email).then((m) => m.length), { timeout: 10_000 }).toBe(2);
});

test('selected users are disabled in one request, and one is enabled again from its row menu', async ({ page }) => {
  const tag = `bulk${stamp()}`;
  const emails = [`${tag}.a@remit.test`, `${tag}.b@remit.test`];
  await withAppDb(async (db) => {
    for (const email of emails) await db.query(`INSERT INTO users (email, first_name, last_name, roles) VALUES ($1, 'Bulk', 'User', '{vendors}')`, [email]);
  });
  const disabled = () =>
    withAppDb((db) => db.query<{ disabled: boolean }>('SELECT disabled FROM users WHERE email = ANY($1) ORDER BY email', [emails])).then((r) => r.rows.map((u) => u.disabled));

  await go(page, 'g a u', /\/admin\/users$/);
  const grid = page.getByRole('grid', { name: 'Users' });
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  await focusPageSearch(page);
  await page.keyboard.type(tag);
  // A prefix of the tag already finds both rows: wait for the whole search in the address, since a
  // search that lands after the rows were selected starts a new list and clears the selection.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
  await expect(grid.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
  await tabTo(page, grid);
  for (const email of emails) {
    await rowTo(page, grid, email);
    await page.keyboard.press('x');
  }
  await expect(page.getByRole('toolbar', { name: 'Actions for the selected rows' })).toContainText('2 selected');
  await palette(page, 'Disable selected');
  await expect(page.getByText('User successfully disabled')).toBeVisible();
  await expect.poll(disabled).toEqual([true, true]);

  // Both are disabled now: on a row, Disable says why it is off and Enable is offered.
  await focusGrid(page, 'Users');
  await rowTo(page, grid, emails[1]);
  const menu = await rowMenu(page);
  await expect(menu.getByRole('menuitem', { name: /^Disable/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: /^Disable/ })).toContainText('already disabled');
  const enable = menu.getByRole('menuitem', { name: /^Enable/ });
  for (let i = 0; i < 12 && !(await hasFocus(enable)); i++) await page.keyboard.press('ArrowDown');
  await expect(enable).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('User successfully enabled')).toBeVisible();
  await expect.poll(disabled).toEqual([true, false]);
});

test.describe('axe finds no violations', () => {
  for (const theme of ['light', 'dark']) {
    test(`on the lists, forms and details, ${theme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
      const owner = await withAppDb((db) => db.query<{ id: number }>(`SELECT id FROM content_owners WHERE display_name = 'Remit Music'`)).then((r) => r.rows[0].id);
      const screens: [string, string][] = [
        ['/admin/categories', 'Categories'],
        ['/admin/categories/new', 'New category'],
        ['/admin/categories/2/edit', 'Edit category'],
        ['/admin/content-owners', 'Content owners'],
        [`/admin/content-owners/${owner}/show`, 'Content owner'],
        [`/admin/content-owners/${owner}/edit`, 'Edit content owner'],
        ['/admin/users', 'Users'],
        ['/admin/users/new', 'New user'],
        ['/admin/users/2/edit', 'Edit user'],
      ];
      for (const [url, heading] of screens) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
    });
  }
});
