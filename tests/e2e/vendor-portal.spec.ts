import { expect, test } from '@playwright/test';
import { signIn, withAppDb } from './support';

/**
 * Staff open the vendor portal as a contact whose portal access is confirmed (spec 2, 2 and 7): the
 * details' e-mail button and the palette command post the one-time token to /users/portal_sessions in
 * a new tab, which shows the vendor's portal.
 */
test('portal sign-in from a vendor page opens the portal as the contact, from the keyboard', async ({ page, context }) => {
  // A demo vendor's portal e-mail, made a confirmed portal user (the confirmation mail's link is the API test's part).
  const { vendorId, vendorName, email } = await withAppDb(async (db) => {
    const row = await db.query<{ vendor_id: string; name: string; email: string; email_id: string }>(
      `SELECT v.id AS vendor_id, v.name, e.email, e.id AS email_id
         FROM vendors v JOIN vendor_contacts c ON c.vendor_id = v.id JOIN vendor_contact_emails e ON e.vendor_contact_id = c.id
        WHERE e.can_access_portal ORDER BY v.id LIMIT 1`,
    );
    const { vendor_id, name, email, email_id } = row.rows[0];
    const user = await db.query<{ id: string }>(
      `INSERT INTO portal_users (email) VALUES ($1) ON CONFLICT (email_key) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
      [email],
    );
    await db.query(`UPDATE vendor_contact_emails SET portal_user_id = $1, is_confirmed = true WHERE id = $2`, [user.rows[0].id, email_id]);
    return { vendorId: Number(vendor_id), vendorName: name, email };
  });

  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  await page.goto(`/vendors/${vendorId}/show`);
  const button = page.getByRole('button', { name: `Open the portal as ${email}` });
  await expect(button).toBeVisible();
  await button.focus();
  const [portal] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect(portal).toHaveURL(/\/vendor_portal/);
  await expect(portal.getByText(vendorName).first()).toBeVisible();
  await portal.close();

  // The same from the palette: the command takes the vendor of the page.
  await page.bringToFront();
  await expect(button).toBeFocused();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Portal sign-in');
  await expect(dialog.getByRole('option', { name: /Portal sign-in/ }).first()).toBeVisible();
  const [again] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect(again).toHaveURL(/\/vendor_portal/);
  await expect(again.getByText(vendorName).first()).toBeVisible();
});
