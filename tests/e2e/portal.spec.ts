import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations, signIn, withAppDb, focusPageSearch, tabTo } from './support';

/**
 * Vendor-portal content and whitelisted channels (spec 1, 2.14, 2.15, 8), driven from the keyboard
 * only: hotkeys, Tab, arrows, Enter, type-ahead in selects, the editor's own keys.
 */

async function signedIn(page: Page, email?: string, greeting = 'Hello Admin') {
  await signIn(page, email, email ? DEMO_PASSWORD : undefined);
  await expect(page.getByRole('heading', { name: greeting })).toBeVisible();
}

/** A go-to key sequence such as `g l s`. */
async function keys(page: Page, sequence: string) {
  for (const key of sequence.split(' ')) await page.keyboard.press(key);
}

/** Confirms the open alert dialog: the focus starts on Cancel, Tab moves to the confirming button. */
async function confirmDialog(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** `/` focuses the title bar's search; the text is written to `q`. */
async function searchFor(page: Page, text: string) {
  await focusPageSearch(page); // the list screen has turned the frame's search on
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(%20|\\+)')}`));
}

/** Tab from wherever the focus is into the grid (its single tab stop: the current row). */
async function tabIntoGrid(page: Page, grid: ReturnType<Page['locator']>) {
  for (let i = 0; i < 15 && !(await grid.evaluate((el) => el.contains(document.activeElement))); i++) await page.keyboard.press('Tab');
  await expect(grid.getByRole('row').nth(1)).toBeFocused();
}

async function expectSnackbar(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

const bodyOf = (table: 'portal_faqs' | 'portal_pages', column: string, value: string) =>
  withAppDb(async (db) => (await db.query<{ body: string }>(`select body from ${table} where ${column} = $1`, [value])).rows.map((r) => r.body));

test("a section, an FAQ with formatted text and a link, and a page, from the keyboard; the stored HTML is the editor's", async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page);

  // --- FAQ section ---------------------------------------------------------------------------------
  await keys(page, 'g l s');
  await expect(page).toHaveURL(/\/portal-faq-sections$/);
  await expect(page.getByRole('heading', { name: 'FAQ sections', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'FAQ sections' })).toContainText('Zahlungen');
  await page.getByRole('button', { name: 'New FAQ section' }).press('Enter');
  await expect(page).toHaveURL(/\/portal-faq-sections\/new$/);
  await expect(page.getByRole('combobox', { name: 'Locale' })).toBeFocused();
  await page.keyboard.type('Fr');
  await expect(page.getByRole('combobox', { name: 'Locale' })).toHaveValue('fr');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Billing e2e');
  await page.keyboard.press('Control+s');
  await expectSnackbar(page, 'Portal FAQ section successfully created');
  await expect(page).toHaveURL(/\/portal-faq-sections$/);
  await expect(page.getByRole('grid', { name: 'FAQ sections' })).toContainText('Billing e2e');

  // --- FAQ in that section, with a heading, bold, a bullet list and a link -------------------------
  await keys(page, 'g l f');
  await expect(page).toHaveURL(/\/portal-faqs$/);
  await page.getByRole('button', { name: 'New FAQ' }).press('Enter');
  const locale = page.getByRole('combobox', { name: 'Locale' });
  const section = page.getByRole('combobox', { name: 'Section' });
  await expect(locale).toBeFocused();
  await expect(section).toBeDisabled();
  await expect(page.getByText('Choose a locale first; its sections are offered here.')).toBeVisible();
  await page.keyboard.type('Fr');
  await expect(section).toBeEnabled();
  await expect(section.getByRole('option', { name: 'Billing e2e' })).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(section).toBeFocused();
  await page.keyboard.type('Bil');
  await expect(section).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await page.keyboard.type('How are fees calculated?');

  // Tab reaches the text directly; its toolbar is Alt+F10 away, not a Tab stop before it.
  await page.keyboard.press('Tab');
  const editor = page.getByRole('textbox', { name: 'Answer' });
  await expect(editor).toBeFocused();

  // A heading: Alt+F10 to the toolbar, the style select, Escape back to the text.
  await page.keyboard.press('Alt+F10');
  await expect(page.getByRole('combobox', { name: 'Text style' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('combobox', { name: 'Text style' })).toHaveValue('h2');
  await page.keyboard.press('Escape');
  await expect(editor).toBeFocused();
  await page.keyboard.type('Fees');
  await page.keyboard.press('Enter');

  // Bold with Ctrl+B.
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Short answer:');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' it depends.');
  await page.keyboard.press('Enter');

  // A bullet list from the toolbar: Right arrow to the button, Enter, Escape back.
  await page.keyboard.press('Alt+F10');
  const bullets = page.getByRole('button', { name: 'Bulleted list' });
  for (let i = 0; i < 8 && !(await bullets.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
  await expect(bullets).toBeFocused();
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Enter');
  await expect(bullets).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(editor).toBeFocused();
  await page.keyboard.type('Monthly fee');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Per payout fee');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // an empty item ends the list

  // A link through the link dialog: example.com becomes https://example.com.
  await page.keyboard.type('Details: ');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Address (URL)' })).toBeFocused();
  await page.keyboard.type('example.com');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const link = editor.getByRole('link', { name: 'https://example.com' });
  await expect(link).toHaveAttribute('href', 'https://example.com');
  await expect(editor.locator('h2')).toHaveText('Fees');
  await expect(editor.locator('strong, b').first()).toHaveText('Short answer:');
  await expect(editor.locator('ul > li')).toHaveText(['Monthly fee', 'Per payout fee']);

  await page.keyboard.press('Control+s');
  await expectSnackbar(page, 'Portal FAQ entry successfully created');
  await expect(page).toHaveURL(/\/portal-faqs$/);
  const faqs = page.getByRole('grid', { name: 'FAQs' });
  await expect(faqs.getByRole('row', { name: /How are fees calculated\?/ })).toContainText('Billing e2e');

  const expected =
    '<h2>Fees</h2><p><strong>Short answer:</strong> it depends.</p><ul><li>Monthly fee</li><li>Per payout fee</li></ul>' +
    '<p>Details: <a href="https://example.com" rel="noopener noreferrer" target="_blank">https://example.com</a></p>';
  expect(await bodyOf('portal_faqs', 'title', 'How are fees calculated?')).toEqual([expected]);
  const faq = await withAppDb(
    async (db) =>
      (
        await db.query(`select f.locale, s.name from portal_faqs f join portal_faq_sections s on s.id = f.portal_faq_section_id where f.title = $1`, [
          'How are fees calculated?',
        ])
      ).rows,
  );
  expect(faq).toEqual([{ locale: 'fr', name: 'Billing e2e' }]);

  // The edit page shows the stored body; opening it is no edit, so leaving asks nothing.
  await searchFor(page, 'fees calculated');
  await expect(faqs.getByRole('row')).toHaveCount(2);
  await tabIntoGrid(page, faqs);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/portal-faqs\/\d+\/edit$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('How are fees calculated?');
  await expect(section).toHaveValue(/\d+/);
  await expect(section.locator('option:checked')).toHaveText('Billing e2e');
  await expect(editor.locator('h2')).toHaveText('Fees');
  await expect(editor.getByRole('link', { name: 'https://example.com' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An edit in the editor makes the form dirty: leaving asks first.
  await editor.press('End');
  await page.keyboard.type(' More.');
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'FAQs' }).press('Enter');
  const leave = page.getByRole('alertdialog');
  await expect(leave).toContainText('Are you sure? All changes will be lost.');
  await page.keyboard.press('Escape');
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/portal-faqs\/\d+\/edit$/);

  // Changing the locale clears the section.
  await locale.press('Home');
  await expect(locale).not.toHaveValue('fr');
  await expect(section).toHaveValue('');

  // Leaving after all: confirmed, nothing is saved.
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'FAQs' }).press('Enter');
  await confirmDialog(page, 'Are you sure? All changes will be lost.');
  await expect(page).toHaveURL(/\/portal-faqs$/);
  expect(await bodyOf('portal_faqs', 'title', 'How are fees calculated?')).toEqual([expected]);

  // --- Page ----------------------------------------------------------------------------------------
  await keys(page, 'g l p');
  await expect(page).toHaveURL(/\/portal-pages$/);
  await page.getByRole('button', { name: 'New page' }).press('Enter');
  await expect(page).toHaveURL(/\/portal-pages\/new$/);
  await expect(page.getByRole('combobox', { name: 'Locale' })).toBeFocused();
  await page.keyboard.type('Fr');
  await page.keyboard.press('Tab');
  await page.keyboard.type('fees-e2e');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Fees and charges');
  // Straight into the text: the editor's toolbar is no Tab stop (Alt+F10 reaches it).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeFocused();
  await page.keyboard.type('Every fee is listed in your contract.');
  await page.keyboard.press('Control+Enter');
  await expectSnackbar(page, 'Portal page successfully created');
  await expect(page).toHaveURL(/\/portal-pages\/\d+\/edit$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Fees and charges');
  expect(await bodyOf('portal_pages', 'name', 'fees-e2e')).toEqual(['<p>Every fee is listed in your contract.</p>']);
});

test('a portal_admin finds the Portal section in the navigation and manages portal content', async ({ page }) => {
  await signedIn(page, 'portal@remit.local', 'Hello Paula');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const portal = nav.getByRole('button', { name: 'Portal' });
  await expect(portal).toBeVisible();
  if ((await portal.getAttribute('aria-expanded')) !== 'true') await portal.press('Enter');
  for (const name of ['FAQ sections', 'FAQs', 'Pages']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();

  // Edit a seeded page: search, into the grid, open, change the title, save.
  await keys(page, 'g l p');
  await expect(page).toHaveURL(/\/portal-pages$/);
  await searchFor(page, 'Impressum');
  const pages = page.getByRole('grid', { name: 'Pages' });
  await expect(pages.getByRole('row')).toHaveCount(2);
  await tabIntoGrid(page, pages);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/portal-pages\/\d+\/edit$/);
  const editor = page.getByRole('textbox', { name: 'Content' });
  await expect(editor.locator('h2')).toHaveText('Remit Media GmbH');
  await expect(page.getByRole('combobox', { name: 'Locale' })).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: 'Title' }));
  await page.keyboard.press('End');
  await page.keyboard.type(' und Kontakt');
  await page.keyboard.press('Control+s');
  await expectSnackbar(page, 'Portal page successfully saved');
  await expect(page).toHaveURL(/\/portal-pages$/);
  await expect(pages).toContainText('Impressum und Kontakt');

  // Create a section, then delete it from its row menu after confirming.
  await keys(page, 'g l s');
  await page.getByRole('button', { name: 'New FAQ section' }).press('Enter');
  await expect(page.getByRole('combobox', { name: 'Locale' })).toBeFocused();
  await page.keyboard.type('Dutch');
  await expect(page.getByRole('combobox', { name: 'Locale' })).toHaveValue('nl');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Short-lived section');
  await page.keyboard.press('Control+s');
  await expectSnackbar(page, 'Portal FAQ section successfully created');
  await searchFor(page, 'Short-lived');
  const sections = page.getByRole('grid', { name: 'FAQ sections' });
  await expect(sections.getByRole('row')).toHaveCount(2);
  await tabIntoGrid(page, sections);
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await confirmDialog(page, 'Do you really want to delete this entry?');
  await expectSnackbar(page, 'Portal FAQ section successfully deleted');
  await expect(sections).toContainText('No entries');
});

test('a whitelisted channel is deleted after confirmation', async ({ page }) => {
  await signedIn(page, 'youtube@remit.local', 'Hello Yusuf');
  await keys(page, 'g w');
  await expect(page).toHaveURL(/\/whitelisted-channels$/);
  const grid = page.getByRole('grid', { name: 'Whitelisted channels' });
  await expect(grid).toContainText('UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np');
  await expect(grid.getByRole('link', { name: /UCk3Lm9QpR2sT5vW8xY1zA4b/ }).first()).toHaveAttribute('href', /\/revenue-sources\/\d+\/show$/);

  // Filter by the channel's content owner from the filter popover.
  const channel = 'UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np';
  const [{ display_name: ownerName }] = await withAppDb(
    async (db) =>
      (
        await db.query(
          `select co.display_name from youtube_whitelisted_channels w join content_owners co on co.id = w.content_owner_id where w.channel_id = $1`,
          [channel],
        )
      ).rows,
  );
  await page.getByRole('button', { name: 'Filter' }).press('Enter');
  const popover = page.getByRole('dialog', { name: 'Filter' });
  const owner = popover.getByRole('combobox', { name: 'Content owner' });
  await tabTo(page, owner);
  await page.keyboard.type(ownerName);
  await expect(owner.locator('option:checked')).toHaveText(new RegExp(`^${ownerName} \\(`));
  await tabTo(page, popover.getByRole('button', { name: 'Filter' }));
  await page.keyboard.press('Enter');
  await expect(popover).toBeHidden();
  await expect(page).toHaveURL(/filter(%5B|\[)content_owner_id(%5D|\])=\d+/);
  await expect(page.getByRole('button', { name: /Filter.*1 active/ })).toBeVisible();

  // Search the channel id, move into the grid, delete from the row menu.
  await searchFor(page, channel);
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid).toContainText(ownerName);
  await expect(grid).toContainText('No revenue source');
  await tabIntoGrid(page, grid);
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await confirmDialog(page, 'Do you really want to delete this entry?');
  await expectSnackbar(page, 'Whitelisted channel successfully deleted');
  await expect(grid).toContainText('No entries');
  const left = await withAppDb(async (db) => (await db.query(`select id from youtube_whitelisted_channels where channel_id = $1`, [channel])).rows);
  expect(left).toEqual([]);
});

test.describe('axe finds no violations on the portal and channel screens', () => {
  for (const theme of ['light', 'dark']) {
    test(`in the ${theme} theme`, async ({ page }) => {
      test.setTimeout(120_000);
      await signedIn(page);
      await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
      const screens: [string, string][] = [
        ['/portal-faq-sections', 'FAQ sections'],
        ['/portal-faq-sections/new', 'New FAQ section'],
        ['/portal-faqs', 'FAQs'],
        ['/portal-faqs/new', 'New FAQ'],
        ['/portal-pages', 'Pages'],
        ['/portal-pages/new', 'New page'],
        ['/whitelisted-channels', 'Whitelisted channels'],
      ];
      for (const [path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
      // An edit form with a loaded body, and the link dialog above it.
      await page.goto('/portal-pages');
      await searchFor(page, 'Impressum');
      const pages = page.getByRole('grid', { name: 'Pages' });
      await expect(pages.getByRole('row')).toHaveCount(2);
      await tabIntoGrid(page, pages);
      await page.keyboard.press('Enter');
      const editor = page.getByRole('textbox', { name: 'Content' });
      await expect(editor.locator('h2')).toBeVisible();
      await expectNoAxeViolations(page);
      await editor.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Add link' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
