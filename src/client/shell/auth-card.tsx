import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useDocumentTitle } from './page-title';

/** The centred card the signed-out screens share (sign-in, forgot and set password). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className={css({ minH: '100vh', display: 'grid', placeItems: 'center', p: '4' })}>
      <div className={css({ w: '100%', maxW: '360px', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: '6', display: 'flex', flexDirection: 'column', gap: '4' })}>
        <div className={css({ fontSize: 'xl', fontWeight: '700', letterSpacing: '0.02em' })} aria-hidden="true">
          Remit
        </div>
        <h1 className={css({ fontSize: 'lg', fontWeight: '600' })}>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export const authField = css({ display: 'flex', flexDirection: 'column', gap: '1', '& label': { fontWeight: '500' } });
export const authError = css({ color: 'danger', bg: 'danger.bg', px: '3', py: '2', borderRadius: 'md' });
export const authNote = css({ color: 'success', bg: 'success.bg', px: '3', py: '2', borderRadius: 'md' });
export const fieldError = css({ color: 'danger', fontSize: 'xs' });
