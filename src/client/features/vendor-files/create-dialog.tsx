import { useMemo, useState } from 'react';
import { button } from 'styled-system/recipes';
import { validateCreateVendorFiles } from '../../../shared/validation/vendor-files';
import { api, ApiError } from '../../api/client';
import { useInitData } from '../../api/init-data';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { MonthField, MultiSelectField } from '../../kit/fields';
import { invalidateLists } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { filesScheduled } from './pending';

type Errors = { month?: string; organization_ids?: string };

/** The first message of each field, as the fields show one. */
function firstErrors(errors: Record<string, unknown>): Errors {
  const first = (v: unknown) => (Array.isArray(v) ? (v[0] as string) : v && typeof v === 'object' ? 'invalid' : undefined);
  return { month: first(errors.month), organization_ids: first(errors.organization_ids) };
}

/**
 * "Create vendor files" (spec 2, 2 and 5): several organizations and a month (first of month, not in
 * the future). OK stays disabled while the shared rules refuse the values; the server's answer is
 * only that the files are scheduled, and the list shows them as pending until they are written.
 */
export function CreateVendorFilesDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const t = useT();
  const { services } = useCommandEnvironment();
  const { organizations } = useInitData();
  const [month, setMonth] = useState('');
  const [organizationIds, setOrganizationIds] = useState<string[]>([]);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => organizations.map((o) => ({ value: String(o.id), label: o.name })), [organizations]);
  const payload = { month, organization_ids: organizationIds.map(Number) };
  const result = validateCreateVendorFiles(payload);
  const clientErrors = result.ok ? {} : firstErrors(result.errors);

  const close = () => {
    setMonth('');
    setOrganizationIds([]);
    setServerErrors({});
    onClose();
  };
  const submit = async () => {
    if (!result.ok || busy) return;
    setBusy(true);
    try {
      await api.post('/api/vendor_files/create_all', payload);
      services.notify('success', t('vendor_files.scheduled'));
      void invalidateLists('/api/vendor_files');
      filesScheduled();
      close();
    } catch (error) {
      const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, unknown> } | undefined)?.errors : undefined;
      if (errors) setServerErrors(firstErrors(errors));
      services.notify('error', t('vendor_files.create_all_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={t('vendor_files.create_title')}
      width="md"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={close}>
            {t('form.confirm.cancel')}
          </button>
          <button type="submit" form="create-vendor-files" className={button({ variant: 'primary' })} disabled={!result.ok || busy}>
            {t('vendor_files.create_ok')}
          </button>
        </>
      }
    >
      <form
        id="create-vendor-files"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <MultiSelectField
          name="organization_ids"
          label="vendor_files.fields.organizations"
          options={options}
          translate={false}
          required
          autoFocus
          value={organizationIds}
          onChange={(ids) => {
            setOrganizationIds(ids);
            setServerErrors((e) => ({ ...e, organization_ids: undefined }));
          }}
          error={organizationIds.length > 0 ? (serverErrors.organization_ids ?? clientErrors.organization_ids) : serverErrors.organization_ids}
        />
        <MonthField
          name="month"
          label="vendor_files.fields.month"
          required
          value={month}
          onChange={(value) => {
            setMonth(value);
            setServerErrors((e) => ({ ...e, month: undefined }));
          }}
          error={month ? (serverErrors.month ?? clientErrors.month) : serverErrors.month}
        />
      </form>
    </ModalDialog>
  );
}
