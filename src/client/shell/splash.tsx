import { css } from 'styled-system/css';

/** Shown until translations, settings and reference data are ready (spec 1, 2.5). No text to translate yet. */
export function Splash() {
  return (
    <div role="status" aria-live="polite" aria-label="Loading Remit" className={css({ display: 'grid', placeItems: 'center', h: '100vh' })}>
      <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', color: 'fg.muted' })}>
        <span className={css({ fontSize: 'xl', fontWeight: '600', color: 'fg', letterSpacing: '0.02em' })}>Remit</span>
        <span className={css({ w: '120px', h: '3px', bg: 'border', borderRadius: 'sm', overflow: 'hidden', position: 'relative' })}>
          <span className={css({ position: 'absolute', inset: 0, w: '40%', bg: 'accent', animation: 'splash 1.1s ease-in-out infinite' })} />
        </span>
      </div>
    </div>
  );
}
