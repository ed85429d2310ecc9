import { api } from '../../api/client';

/** What `GET /api/vendors/authorize_as_portal_user` answers: the fields of the portal sign-in form. */
export interface PortalSignInGrant {
  email: string;
  uid: string;
  api_token: string;
  authenticity_token: string;
  client: 'web';
  url: string;
  expires_at: string;
}

/**
 * The contacts tab's "Portal sign-in" (spec 2, 2 and 7): asks for a one-time token, then posts the
 * form (CSRF parameter, email, uid, api_token, client=web) to `/users/portal_sessions` in a new tab,
 * which opens the vendor portal as that contact. The tab is opened before the request, inside the
 * user's key press or click, so a popup blocker lets it through; the form then posts into it.
 * Enabled only when the email has a portal user and is not pending (`portal_confirmation` 'confirmed').
 */
export async function openPortalAs(email: string, vendorId?: number): Promise<void> {
  const target = `remit-portal-${Date.now()}`;
  const tab = window.open('about:blank', target);
  try {
    const grant = await api.get<PortalSignInGrant>('/api/vendors/authorize_as_portal_user', { email, ...(vendorId ? { vendor_id: vendorId } : {}) });
    const form = document.createElement('form');
    form.method = 'post';
    form.action = grant.url;
    form.target = tab ? target : '_blank';
    form.hidden = true;
    const fields: Record<string, string> = {
      authenticity_token: grant.authenticity_token,
      email: grant.email,
      uid: grant.uid,
      api_token: grant.api_token,
      client: grant.client,
    };
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
    form.remove();
  } catch (error) {
    tab?.close();
    throw error;
  }
}
