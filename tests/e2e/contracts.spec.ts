import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, withAppDb, tabTo } from './support';

/** Opens a contract's details from the palette, found by its id as the list shows it (`#12`). */
async function openContract(page: Page, id: number) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(`#${id}`);
  const hit = dialog.getByRole('option', { name: new RegExp(`^#${id} `) }).first();
  await expect(hit).toBeVisible();
  for (let i = 0; i < 12 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contracts/${id}/show$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${id} · `);
}

/** Presses the button named `name` (outside dialogs) from the keyboard. */
async function press(page: Page, name: string | RegExp, scope: Page | Locator = page) {
  await tabTo(page, scope.getByRole('button', { name, exact: typeof name === 'string' }).first());
  await page.keyboard.press('Enter');
}

/** Answers the confirmation: its focus starts on Cancel (the least destructive answer), Tab goes to the action. */
async function confirm(page: Page, action: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: action })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** The state chip beside the page's heading. */
const chip = (page: Page) => page.locator('main h1 + span');

/** A small but real PDF: the server tells a document's type by its content. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const contractIn = (sql: string) => withAppDb(async (db) => (await db.query<{ id: string }>(sql)).rows[0]?.id).then((id) => Number(id));

test.describe('contracts from the keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });

  test('the list has its tabs; an approver approves after a confirmation, the contract is signed with a PDF, another is rejected with a comment', async ({ page }) => {
    test.setTimeout(180_000);
    // The demo's contract waiting for approval, and a second one (the demo draft, submitted) to reject.
    const pending = await contractIn(`SELECT id FROM contracts WHERE state = 'approval_pending' ORDER BY id LIMIT 1`);
    const other = await contractIn(`UPDATE contracts SET state = 'approval_pending' WHERE id = (SELECT min(id) FROM contracts WHERE state = 'draft') RETURNING id`);
    expect(pending).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(0);

    // The list by its go-to keys, with its five tabs.
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/contracts$/);
    await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
    const views = page.getByRole('navigation', { name: 'Contract lists' });
    for (const name of ['All', 'Approval pending', 'Signing pending', 'Amendments pending', 'Termination pending']) await expect(views.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();

    // Approve after the confirmation.
    await openContract(page, pending);
    await expect(chip(page)).toHaveText(/^Approval pending/);
    await expect(page.getByText('This contract is waiting for approval.')).toBeVisible();
    await press(page, 'Approve');
    await confirm(page, 'Approve');
    await expect(page.getByText('Contract approved').first()).toBeVisible();
    await expect(chip(page)).toHaveText(/^Signing pending/);

    // Sign with the signed copy: the dialog's file field has the focus; the PDF is chosen for it.
    await press(page, 'Sign');
    const sign = page.getByRole('dialog', { name: 'Sign' });
    await expect(sign).toBeVisible();
    const file = sign.getByLabel(/^Signed document/);
    await expect(file).toBeFocused();
    await file.setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: PDF });
    await tabTo(page, sign.getByRole('button', { name: 'Sign', exact: true }));
    await page.keyboard.press('Enter');
    await expect(sign).toBeHidden();
    await expect(page.getByText('Contract signed').first()).toBeVisible();
    await expect(chip(page)).toHaveText(/^Signed/);

    // Reject the other: a blank comment is refused, a comment goes through.
    await openContract(page, other);
    await press(page, 'Reject');
    const reject = page.getByRole('dialog', { name: 'Reject' });
    const comment = reject.getByRole('textbox', { name: /^Comment/ });
    await expect(comment).toBeFocused();
    await tabTo(page, reject.getByRole('button', { name: 'Reject', exact: true }));
    await page.keyboard.press('Enter');
    await expect(reject.getByText(/can't be blank/)).toBeVisible();
    await expect(page.getByText('Contract rejected')).toHaveCount(0);
    await tabTo(page, comment, { back: true });
    await page.keyboard.type('Share above the policy limit');
    await tabTo(page, reject.getByRole('button', { name: 'Reject', exact: true }));
    await page.keyboard.press('Enter');
    await expect(reject).toBeHidden();
    await expect(page.getByText('Contract rejected').first()).toBeVisible();
    await expect(chip(page)).toHaveText(/^Rejected/);
    const stored = await withAppDb((db) => db.query<{ state: string; state_comment: string }>('SELECT state, state_comment FROM contracts WHERE id = $1', [other]));
    expect(stored.rows[0]).toEqual({ state: 'rejected', state_comment: 'Share above the policy limit' });
  });

  test('a vendor is paused with a reason and resumed; a termination is requested with its document and approved', async ({ page }) => {
    test.setTimeout(180_000);
    // A signed contract without a termination request and without a vendor on hold.
    const id = await contractIn(`SELECT c.id FROM contracts c WHERE c.state = 'signed'
      AND NOT EXISTS (SELECT 1 FROM contract_termination_requests t WHERE t.contract_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM contract_vendors v WHERE v.contract_id = c.id AND v.payout_on_hold) ORDER BY c.id LIMIT 1`);
    expect(id).toBeGreaterThan(0);
    await openContract(page, id);
    await expect(chip(page)).toHaveText(/^Signed/);

    // Pause: the reason is required.
    const vendors = page.getByRole('region', { name: 'Vendors' });
    await press(page, 'Pause vendor', vendors);
    const pause = page.getByRole('dialog', { name: 'Pause vendor' });
    const reason = pause.getByRole('textbox', { name: /^Reason/ });
    await expect(reason).toBeFocused();
    await tabTo(page, pause.getByRole('button', { name: 'Pause vendor', exact: true }));
    await page.keyboard.press('Enter');
    await expect(pause.getByText(/can't be blank/)).toBeVisible();
    await tabTo(page, reason, { back: true });
    await page.keyboard.type('Tax certificate missing');
    await tabTo(page, pause.getByRole('button', { name: 'Pause vendor', exact: true }));
    await page.keyboard.press('Enter');
    await expect(pause).toBeHidden();
    await expect(page.getByText('Vendor paused').first()).toBeVisible();
    await expect(vendors.getByRole('cell', { name: 'Yes: Tax certificate missing' })).toBeVisible();

    // Resume after its confirmation.
    await press(page, 'Resume vendor', vendors);
    await confirm(page, 'Resume vendor');
    await expect(page.getByText('Vendor resumed').first()).toBeVisible();
    await expect(vendors.getByRole('button', { name: 'Pause vendor', exact: true })).toBeVisible();

    // An advance (issue 23): nothing is sent until amount and reason are there; then a payment of type
    // advance, and its entry takes the vendor's balance below zero.
    await press(page, /^Record advance/, vendors);
    const advance = page.getByRole('dialog', { name: 'Record advance' });
    const amount = advance.getByRole('textbox', { name: /^Amount/ });
    await expect(amount).toBeFocused();
    await tabTo(page, advance.getByRole('button', { name: 'Record advance', exact: true }));
    await page.keyboard.press('Enter');
    await expect(advance.getByText(/can't be blank/).first()).toBeVisible();
    await expect(amount).toBeFocused();
    await page.keyboard.type('250');
    await tabTo(page, advance.getByRole('textbox', { name: /^Reason/ }));
    await page.keyboard.type('Studio time ahead of the album');
    await tabTo(page, advance.getByRole('button', { name: 'Record advance', exact: true }));
    await page.keyboard.press('Enter');
    await expect(advance).toBeHidden();
    await expect(page.getByText(/^Advance P\d+ recorded$/).first()).toBeVisible();
    const advanced = await withAppDb((db) =>
      db.query<{ type: string; amount: string; payout_id: string | null; advance_reason: string; entry: string }>(
        `SELECT p.type, p.amount::text, p.payout_id, p.advance_reason, e.amount::text AS entry FROM payments p JOIN balance_entries e ON e.payment_id = p.id
         JOIN contract_vendors cv ON cv.id = p.contract_vendor_id WHERE cv.contract_id = $1 AND p.type = 'advance'`,
        [id],
      ),
    );
    expect(advanced.rows).toEqual([{ type: 'advance', amount: '250.00', payout_id: null, advance_reason: 'Studio time ahead of the album', entry: '-250.00' }]);

    // Terminate from the action menu: today as the day, a reason and the document.
    const today = await withAppDb(async (db) => (await db.query<{ d: string }>(`SELECT to_char(current_date, 'DD.MM.YYYY') AS d`)).rows[0].d);
    await press(page, /^Actions/);
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const item = menu.getByRole('menuitem', { name: /^Terminate/ });
    for (let i = 0; i < 10 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Terminate' });
    await expect(form.getByRole('textbox', { name: /^Terminate on/ })).toBeFocused();
    await page.keyboard.type(today);
    await tabTo(page, form.getByRole('textbox', { name: /^Reason/ }));
    await page.keyboard.type('Channel sold');
    const documentField = form.getByLabel(/^Termination document/);
    await tabTo(page, documentField);
    await documentField.setInputFiles({ name: 'termination.pdf', mimeType: 'application/pdf', buffer: PDF });
    await tabTo(page, form.getByRole('button', { name: 'Request termination', exact: true }));
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();
    await expect(page.getByText('Termination requested').first()).toBeVisible();
    await expect(chip(page)).toHaveText(/^Termination pending/);

    // The approver approves it after the confirmation: the day has come, so the contract is terminated.
    await press(page, 'Approve termination');
    await confirm(page, 'Approve termination');
    await expect(page.getByText('Termination approved').first()).toBeVisible();
    await expect(chip(page)).toHaveText(/^Terminated/);
    await expect(page.getByText('A termination of this contract is requested.')).toHaveCount(0);
  });

  test('an amendment waiting for approval is approved and its signing cancelled, and a signed one whose day has come is applied', async ({ page }) => {
    test.setTimeout(120_000);
    const pending = await contractIn(`SELECT contract_id AS id FROM contract_amendments WHERE state = 'approval_pending' ORDER BY id LIMIT 1`);
    const signed = await contractIn(`SELECT contract_id AS id FROM contract_amendments WHERE state = 'signed' AND apply_on <= current_date ORDER BY id LIMIT 1`);
    expect(pending).toBeGreaterThan(0);
    expect(signed).toBeGreaterThan(0);

    await openContract(page, pending);
    const amendments = page.getByRole('region', { name: 'Amendments' });
    await expect(amendments.getByText('Approval pending')).toBeVisible();
    await press(page, 'Approve amendment', amendments);
    await confirm(page, 'Approve amendment');
    await expect(page.getByText('Amendment approved').first()).toBeVisible();
    await expect(amendments.getByText('Signing pending')).toBeVisible();
    // An admin cancels the signing; the comment may stay empty.
    await press(page, 'Cancel amendment signing', amendments);
    const cancel = page.getByRole('dialog', { name: 'Cancel amendment signing' });
    await expect(cancel.getByRole('textbox', { name: /^Comment/ })).toBeFocused();
    await tabTo(page, cancel.getByRole('button', { name: 'Cancel amendment signing', exact: true }));
    await page.keyboard.press('Enter');
    await expect(cancel).toBeHidden();
    await expect(page.getByText('Amendment signing cancelled').first()).toBeVisible();
    await expect(amendments.getByText('Signing pending')).toHaveCount(0);
    const stored = await withAppDb((db) => db.query<{ state: string }>(`SELECT state FROM contract_amendments WHERE contract_id = $1 AND state IN ('signing_pending', 'signing_cancelled')`, [pending]));
    expect(stored.rows).toEqual([{ state: 'signing_cancelled' }]);

    await openContract(page, signed);
    await expect(amendments.getByText('Signed', { exact: true })).toBeVisible();
    await press(page, 'Apply amendment', amendments);
    await confirm(page, 'Apply amendment');
    await expect(page.getByText('Amendment applied').first()).toBeVisible();
    await expect(amendments.getByText('Applied', { exact: true })).toBeVisible();
  });
});
