import { atom } from 'jotai';
import { api } from './api/client';
import { clearCookie, readCookie, writeCookie } from './lib/cookies';

export interface SessionUser {
  email: string;
  first_name: string;
  last_name: string;
  roles: string[];
}

export interface Settings {
  login_methods: string[];
  maps_key: string | null;
  session_check_interval: number;
  upload_max_bytes: number;
}

export interface InitData {
  /** Every content owner with its record id; forms show the internal country and disable inactive ones. */
  content_owners: { id: number; content_owner_id: string; display_name: string; internal_country: string | null; active: boolean }[];
  countries_eu: string[];
  countries: { code: string; name: string; vat_rates: { id: number; rate: string }[] }[];
  currencies: { iso_code: string; symbol: string; name: string }[];
  organizations: { id: number; name: string; country_code: string }[];
  roles_available: string[];
  youtube_verticals: { id: number; name: string }[];
}

export const sessionAtom = atom<SessionUser | null>(null);
export const settingsAtom = atom<Settings | null>(null);
export const initDataAtom = atom<InitData | null>(null);

export function hasSessionCookies(): boolean {
  return Boolean(readCookie('token') && readCookie('uid'));
}

export function clearSessionCookies(): void {
  clearCookie('token');
  clearCookie('uid');
}

/** Login methods as the served page states them (`data-login-methods` on the root element). */
export function pageLoginMethods(): string[] {
  const raw = document.getElementById('root')?.dataset.loginMethods ?? 'password';
  return raw.split(',').map((m) => m.trim()).filter(Boolean);
}

export async function signIn(email: string, password: string): Promise<SessionUser> {
  const body = await api.post<SessionUser & { api_token: string }>('/users/sign_in.json', { user: { email, password } }, { quiet: true });
  writeCookie('token', body.api_token);
  writeCookie('uid', body.email);
  return { email: body.email, first_name: body.first_name, last_name: body.last_name, roles: body.roles };
}

export async function checkSession(): Promise<SessionUser> {
  return api.get<SessionUser>('/users/sessions.json');
}

export async function signOutOnServer(): Promise<void> {
  try {
    await api.delete('/users/sign_out.json', { quiet: true });
  } finally {
    clearSessionCookies();
  }
}

export const loadSettings = () => api.get<Settings>('/config/settings.json');
export const loadInitData = () => api.get<InitData>('/config/data');
