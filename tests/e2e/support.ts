import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E_ADMIN } from '../../playwright.config';

export { E2E_ADMIN };
export const DEMO_PASSWORD = 'remit-demo-password';

/** The app's own database (embedded server the app started), for arranging what the UI cannot. */
export async function withAppDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `postgres://postgres:remit@127.0.0.1:${process.env.E2E_PG_PORT ?? 54390}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Signs in from the keyboard only. */
export async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  if (!page.url().includes('/users/sign-in')) await page.goto('/users/sign-in');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/** Every WCAG 2.x A and AA rule and axe's best practices: what the browser tests hold each screen to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core on the page as it is now (open dialogs and popovers included), with every rule of AXE_TAGS. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * `/` to the page's search box, pressed again until the box has the focus: a key pressed while the
 * screen is still settling (a lazy part loading, the grid claiming the focus) may land before the
 * hotkeys are bound. The retry is only for that race; a `/` that never works still fails.
 */
export async function focusPageSearch(page: Page) {
  const box = page.locator('#page-search, [data-list-search]').first();
  await expect(box).toBeVisible();
  await expect(async () => {
    if (!(await box.evaluate((el) => el === document.activeElement))) await page.keyboard.press('/');
    await expect(box).toBeFocused({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on or inside `target`, as a keyboard user would. A target
 * that is replaced while we look (a list re-rendering) counts as not focused yet.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    const focused = await target
      .evaluate((el) => el === document.activeElement || el.contains(document.activeElement), undefined, { timeout: 1000 })
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Types into the focused control after selecting what it holds. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Ctrl+K until the palette's input has the focus: a key pressed before a fresh page bound its keys is lost. */
export async function openPalette(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press('Control+k');
    await expect(dialog.getByRole('combobox')).toBeFocused({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return dialog;
}

/**
 * Runs a command, or opens a record, from the palette: types `text` and walks with ↓ to the first option
 * named like `option` (by default, one containing `text`), since found records arrive after the commands.
 */
export async function palette(page: Page, text: string, option: string | RegExp = new RegExp(escapeRegExp(text), 'i')) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(text);
  const hit = dialog.getByRole('option', { name: option }).first();
  await expect(hit).toBeVisible();
  for (let i = 0; i < 20 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/**
 * Runs an entry of the focused grid row's menu (Shift+F10): walks to it with ↓ and presses Enter.
 * `axe` checks the open menu first.
 */
export async function rowMenu(page: Page, item: string, { axe = false } = {}) {
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const entry = menu.getByRole('menuitem', { name: new RegExp(`^${escapeRegExp(item)}`) });
  for (let i = 0; i < 15 && !(await entry.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(entry).toBeFocused();
  if (axe) await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
}
