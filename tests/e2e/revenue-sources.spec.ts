import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, focusPageSearch, tabTo, palette } from './support';

/** A native select: focused, then chosen by typing the start of an option (the select's own type-ahead). */
async function choose(page: Page, control: Locator, text: string, value: RegExp | string) {
  await tabTo(page, control);
  await page.keyboard.type(text);
  await expect(control).toHaveValue(value);
}

const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const select = (scope: Page | Locator, name: string) => scope.getByRole('combobox', { name, exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true });
const RATINGS = [
  'Usage of content without commentary',
  'Usage of unlicensed commercial music',
  'Controversial topics or bad language',
  'Shocking images or footage',
  'Usage of misleading thumbnails',
  'Clickbait video titles',
];

/** A channel id nobody else uses: UC and 22 characters. */
const channelId = (stamp: number) => `UC${`E2E${stamp}`.padEnd(22, 'x')}`;

test.describe('revenue sources from the keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });

  test('a channel with a registration, an assessment and a whitelisted group; a second assessment, the first deleted', async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const reference = channelId(stamp);
    const name = `Keyboard Channel ${stamp}`;

    // g r opens the channel tab of the revenue sources.
    await page.keyboard.press('g');
    await page.keyboard.press('r');
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-channel$/);
    await expect(page.getByRole('heading', { name: 'YouTube channels' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'YouTube channels' })).toHaveAttribute('aria-current', 'page');

    await palette(page, 'New YouTube channel');
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-channel\/new$/);
    await expect(tab(page, 'Registrations')).toContainText('1');
    await expect(tab(page, 'Risk assessments')).toContainText('1');

    // General: the reference id has the focus.
    await expect(field(page, 'Reference id')).toBeFocused();
    await page.keyboard.type(reference);
    await page.keyboard.press('Tab');
    await expect(field(page, 'Name')).toBeFocused();
    await page.keyboard.type(name);
    await choose(page, select(page, 'Organization'), 'Remit Media G', /\d+/);

    // Registrations: Next lands on the first registration's content owner; one only while new.
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#registrations$/);
    const owner = select(page, 'Content owner');
    await expect(owner).toBeFocused();
    await page.keyboard.type('Remit Music');
    await expect(owner).not.toHaveValue('');
    await tabTo(page, field(page, 'Preferred execution date'));
    await page.keyboard.type('01.12.2026');
    await tabTo(page, field(page, 'Subscribers on switch'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type('12500');
    await expect(page.getByRole('button', { name: 'Add' })).toBeDisabled();

    // Risk assessments: the first is for onboarding, dated today; six ratings of 1 (sum 6: medium).
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#risk-assessments$/);
    await expect(select(page, 'Reason')).toHaveValue('onboarding');
    for (const rating of RATINGS) await choose(page, select(page, rating), '1', '1');
    await expect(page.getByText('Medium', { exact: true })).toBeVisible();

    // Whitelisted channels: a group for Remit Music with a channel found by its title (the demo
    // whitelists it for Remit Entertainment only: a channel is whitelisted once per content owner).
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#whitelisted-channels$/);
    await tabTo(page, page.getByRole('button', { name: 'Add' }), { back: true });
    await page.keyboard.press('Enter');
    const group = page.getByRole('group', { name: 'Content owner 1' });
    await expect(select(group, 'Content owner')).toBeFocused();
    await page.keyboard.type('Remit Music');
    await expect(select(group, 'Content owner')).not.toHaveValue('');
    await page.keyboard.press('Tab');
    const channels = group.getByRole('combobox', { name: 'Channels' });
    await expect(channels).toBeFocused();
    await page.keyboard.type('Garden');
    await expect(page.getByRole('option', { name: /Garden Radio/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(group.getByRole('row', { name: /Garden Radio/ })).toBeVisible();
    await expect(tab(page, 'Whitelisted channels')).toContainText('1');

    // Save: back to the channel list, where the new channel shows its organization and risk.
    await page.keyboard.press('Control+s');
    await expect(snackbar(page, 'Revenue source successfully created')).toBeVisible();
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-channel$/);
    await focusPageSearch(page);
    await page.keyboard.type(reference);
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Remit Media GmbH');
    await expect(row).toContainText('Medium');

    // The palette finds it by reference id and opens its details; from there, edit.
    await palette(page, reference);
    await expect(page).toHaveURL(/\/revenue-sources\/\d+\/show$/);
    await expect(page.getByRole('heading', { name: new RegExp(`Revenue source ${reference}`) })).toBeVisible();
    await expect(page.getByText('Garden Radio', { exact: false })).toBeVisible();
    await palette(page, 'Edit revenue source');
    await expect(page).toHaveURL(/\/revenue-sources\/\d+\/edit$/);

    // A second assessment through its command: its tab opens on the new entry; all ratings 0 (low).
    await palette(page, 'Add risk assessment');
    await expect(page).toHaveURL(/#risk-assessments$/);
    const second = page.getByRole('group', { name: 'Risk assessment 2' });
    await expect(field(second, 'Audit date')).toBeFocused();
    await choose(page, select(second, 'Reason'), 'Copyright s', 'copyright_strike');
    for (const rating of RATINGS) await choose(page, select(second, rating), '0', '0');
    await page.keyboard.press('Control+Enter');
    await expect(snackbar(page, 'Revenue source successfully saved')).toBeVisible();
    await expect(tab(page, 'Risk assessments')).toContainText('2');

    // Delete the first (allowed now that there are two); the last one cannot be removed.
    const first = page.getByRole('group', { name: 'Risk assessment 1' });
    await tabTo(page, first.getByRole('button', { name: 'Remove entry 1' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(tab(page, 'Risk assessments')).toContainText('1');
    await expect(page.getByRole('button', { name: 'Remove entry 1' })).toBeDisabled();
    await expect(select(page, 'Reason')).toHaveValue('copyright_strike');
    await page.keyboard.press('Control+s');
    await expect(snackbar(page, 'Revenue source successfully saved')).toBeVisible();
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-channel$/);
    await focusPageSearch(page);
    await page.keyboard.type(reference);
    await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('Low');
  });

  test('a label with an overridden channel', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const reference = `Keyboard Label ${stamp}`;
    const overridden = channelId(stamp + 1);

    await page.goto('/revenue-sources');
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-channel$/);
    await palette(page, 'YouTube labels', /^YouTube labels/);
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-label$/);
    await palette(page, 'New YouTube label');
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-label\/new$/);
    await expect(page.getByRole('tab')).toHaveCount(2);

    await expect(field(page, 'Reference id')).toBeFocused();
    await page.keyboard.type(reference);
    await tabTo(page, field(page, 'Overridden channel id'));
    await page.keyboard.type(overridden);
    // The flag and the channel id exclude each other: with an id, the flag is disabled.
    await expect(page.getByRole('switch', { name: 'Override' })).toBeDisabled();

    await page.keyboard.press('Control+s');
    await expect(snackbar(page, 'Revenue source successfully created')).toBeVisible();
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-label$/);
    await focusPageSearch(page);
    await page.keyboard.type(reference);
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toBeVisible();
    // The details beside the list show the override.
    await tabTo(page, row);
    await expect(page.getByText(overridden)).toBeVisible();

    // Enter opens the edit form; deleting there returns to the label list.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/revenue-sources\/\d+\/edit$/);
    await expect(page.getByRole('tab')).toHaveCount(2);
    await palette(page, 'Delete this entry');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Do you really want to delete this entry?');
    await tabTo(page, confirm.getByRole('button', { name: /^(OK|Delete)$/ }));
    await page.keyboard.press('Enter');
    await expect(snackbar(page, 'Revenue source successfully deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/revenue-sources\/youtube-label$/);
  });

  for (const theme of ['light', 'dark']) {
    test(`axe finds no violations on the lists and every tab of the forms (${theme})`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.evaluate((t) => localStorage.setItem('remit.theme', t), theme);
      for (const list of ['/revenue-sources/youtube-channel', '/revenue-sources/youtube-label']) {
        await page.goto(list);
        await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
        await expectNoAxeViolations(page);
      }
      for (const [hash, name] of [
        ['', 'General'],
        ['#registrations', 'Registrations'],
        ['#risk-assessments', 'Risk assessments'],
        ['#whitelisted-channels', 'Whitelisted channels'],
      ]) {
        await page.goto(`/revenue-sources/youtube-channel/new${hash}`);
        await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
        await expectNoAxeViolations(page);
      }
      // the marks of a failed save: field errors and tab badges
      await page.keyboard.press('Control+s');
      await expect(page.getByTestId('tab-error-general')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
