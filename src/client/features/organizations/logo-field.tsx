import { useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import useSWR from 'swr';
import { api } from '../../api/client';
import { FileField, SwitchField } from '../../kit/fields';
import { useFieldValue } from '../../kit/form';
import { useT } from '../../lib/i18n';

/** What the server takes as a logo (spec 1, 2.10; the server checks the content too). */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

const row = css({ display: 'flex', gap: '4', alignItems: 'flex-start', flexWrap: 'wrap' });
const previewBox = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  alignItems: 'flex-start',
  fontSize: 'xs',
  color: 'fg.muted',
});
const frame = css({
  w: '160px',
  h: '80px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'bg.subtle',
  overflow: 'hidden',
  p: '1',
});
const image = css({ maxW: '100%', maxH: '100%', objectFit: 'contain' });

/** An object URL for a blob while it is shown (revoked afterwards). */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * The logo: an image upload checked for type and size, a preview of the chosen file or of the stored
 * logo (loaded through the API client, since the logo address needs the bearer header), and a switch
 * that removes the stored logo on save.
 */
export function LogoField({ storedUrl, className }: { storedUrl: string | null; className?: string }) {
  const t = useT();
  const chosen = useFieldValue<File | null>('logo');
  const remove = useFieldValue<boolean>('remove_logo');
  const stored = useSWR(storedUrl, (url: string) => api.blob(url), { revalidateOnFocus: false, shouldRetryOnError: false });
  const file = chosen instanceof File ? chosen : null;
  const shown = useObjectUrl(file ?? (remove ? null : stored.data));
  const caption = file
    ? 'organizations.logo.new'
    : storedUrl && remove
      ? 'organizations.logo.removed'
      : storedUrl
        ? stored.error
          ? 'organizations.logo.unavailable'
          : 'organizations.logo.stored'
        : 'organizations.logo.none';
  return (
    <div className={cx(row, className)}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '0 1 auto', minW: '260px' })}>
        <FileField name="logo" accept={LOGO_ACCEPT} maxSize={LOGO_MAX_BYTES} />
        {storedUrl && !file && <SwitchField name="remove_logo" />}
      </div>
      <figure className={cx(previewBox, css({ m: 0 }))}>
        <div className={frame}>{shown ? <img src={shown} alt={t('organizations.logo.alt')} className={image} /> : <span aria-hidden="true">—</span>}</div>
        <figcaption>{t(caption)}</figcaption>
      </figure>
    </div>
  );
}
