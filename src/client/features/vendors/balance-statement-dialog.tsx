import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { ApiError, type FieldErrors } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { useFocusFirstError } from '../../kit/focus-first-error';
import { MonthField } from '../../kit/fields';
import { downloadAttachment } from '../../lib/download';
import { errorText, useT } from '../../lib/i18n';
import { defaultPeriod, periodErrors, statementRequest, type PeriodTyping, type StatementFormat, type PeriodFields } from './statement-period';
import { balanceStatement } from './vendor-dialogs';

const first = (errors: FieldErrors | undefined, field: string) => {
  const v = errors?.[field];
  return Array.isArray(v) ? v[0] : undefined;
};

const fields = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const intro = css({ m: 0, color: 'fg.muted', fontSize: 'sm' });

/** The dialog while open for one vendor: mounted on opening, so each opening starts from the default months. */
function BalanceStatementForm({ vendorId }: { vendorId: number }) {
  const t = useT();
  const env = useCommandEnvironment();
  const fieldsRef = useRef<HTMLDivElement>(null);
  const [period, setPeriod] = useState<PeriodFields>(() => defaultPeriod());
  const [typing, setTyping] = useState<PeriodTyping>({});
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  const [busy, setBusy] = useState(false);
  const focusFirstError = useFocusFirstError(fieldsRef);
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirstError();
  };
  const download = async (format: StatementFormat) => {
    if (busy) return;
    const found = periodErrors(period, typing);
    if (Object.keys(found).length > 0) return showErrors(found);
    const request = statementRequest(vendorId, format, period);
    setBusy(true);
    try {
      await downloadAttachment(request.path, request.query, request.fallbackName);
      balanceStatement.close();
    } catch (error) {
      // A 422 on the months (or a reason of its own) shows on them; anything else is a failed download.
      const refused = error instanceof ApiError ? error.errors : undefined;
      if (refused && ['from', 'to', 'base'].some((k) => first(refused, k))) showErrors(refused);
      // 401, 403 and network failures are announced by the shell.
      else if (error instanceof ApiError && error.status !== 401 && error.status !== 403) env.services.notify('error', t('vendors.statement.failed'));
    } finally {
      setBusy(false);
    }
  };
  const field = ({ name, label }: { name: keyof PeriodFields; label: string }) => ({
    name,
    label,
    required: true,
    value: period[name],
    error: first(errors, name),
    onChange: (value: string) => {
      setPeriod((p) => ({ ...p, [name]: value }));
      setErrors(undefined);
    },
    onLocalError: (key: string | null) => {
      setTyping((x) => (x[name] === key ? x : { ...x, [name]: key }));
      if (key) setErrors((e) => (e && first(e, name) ? { ...e, [name]: [] } : e));
    },
  });
  const base = first(errors, 'base');
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && balanceStatement.close()}
      title={t('vendors.statement.title')}
      width="sm"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={balanceStatement.close}>
            {t('form.confirm.cancel')}
          </button>
          <button type="button" className={button({ variant: 'secondary' })} aria-disabled={busy || undefined} onClick={() => void download('csv')}>
            {t('vendors.statement.download_csv')}
          </button>
          <button type="button" className={button({ variant: 'primary' })} aria-disabled={busy || undefined} onClick={() => void download('pdf')}>
            {t('vendors.statement.download_pdf')}
          </button>
        </>
      }
    >
      {/* Enter in a month field downloads the PDF (the primary action); the picker's own keys stay its own. */}
      <div
        ref={fieldsRef}
        className={fields}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.altKey || !(e.target instanceof HTMLInputElement) || !fieldsRef.current?.contains(e.target)) return;
          e.preventDefault();
          void download('pdf');
        }}
      >
        <p className={intro}>{t('vendors.statement.intro')}</p>
        {base && (
          <p role="alert" className={css({ m: 0, color: 'danger' })}>
            {errorText(t, base)}
          </p>
        )}
        <MonthField {...field({ name: 'from', label: 'vendors.statement.fields.from' })} autoFocus />
        <MonthField {...field({ name: 'to', label: 'vendors.statement.fields.to' })} />
      </div>
    </ModalDialog>
  );
}

/**
 * A vendor's balance statement for a period (`GET /api/vendors/{id}/balance_statement.pdf|csv?from&to`):
 * per contract vendor and currency the opening balance, the period's entries with the running balance,
 * totals per kind and the closing balance. From and To are months, January to now unless changed; blank,
 * unreadable and reversed months are named on their fields before asking, and the server's 422 lands on
 * its field, which takes the focus. Mounted by the vendor's page; `vendors.download_balance_statement` opens it.
 */
export function BalanceStatementDialog() {
  const vendorId = balanceStatement.useTarget();
  useEffect(() => balanceStatement.registerHost(), []);
  return vendorId === null ? null : <BalanceStatementForm key={vendorId} vendorId={vendorId} />;
}
