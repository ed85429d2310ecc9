import type { VendorFile } from '../src/shared/entities/vendor-file';
import { setCreateDialogOpen } from '../src/client/features/vendor-files/create-dialog-state';
import { fileName } from '../src/client/features/vendor-files/file-name';
import { downloadFile } from '../src/client/lib/download';
import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { resourceCommands, rowOf } from './resource';
import type { Availability, Command, CommandContext } from './types';

const R = 'vendor_files';
const READ_ROLES = ['vendor_files'];
const ok: Availability = { enabled: true };
const group = 'commands.groups.actions';

async function download(ctx: CommandContext, documents: boolean) {
  const row = rowOf<VendorFile>(ctx, R)!;
  const url = documents ? row.confirmation_documents_file_url : row.file_url;
  if (!url) return;
  try {
    await downloadFile(url, fileName(row, documents));
  } catch {
    ctx.services.notify('error', ctx.t('vendor_files.download_failed'));
  }
}

const downloadRule = (documents: boolean) => (ctx: CommandContext): Availability => {
  const row = rowOf<VendorFile>(ctx, R);
  if (!row) return { hidden: true };
  return (documents ? row.confirmation_documents_file_url : row.file_url) ? ok : { enabled: false, reason: 'vendor_files.reasons.no_file' };
};

/**
 * Vendor files (spec 2, 2 and 6): create for a month (a dialog; from anywhere, it opens the list
 * first), download the file or the confirmation documents per row (disabled without a url), delete
 * (admin only).
 */
export const vendorFilesCommands: Command[] = [
  {
    id: 'vendor_files.create',
    title: 'vendor_files.commands.create',
    group,
    roles: READ_ROLES,
    keywords: ['vendor files', 'csv', 'month'],
    run: (ctx) => {
      if (ctx.path !== routePath('vendor_files.list')) ctx.navigate(routePath('vendor_files.list'));
      setCreateDialogOpen(true);
    },
  },
  {
    id: 'vendor_files.download',
    title: 'vendor_files.commands.download',
    group,
    roles: READ_ROLES,
    scope: { resource: R, kind: 'row' },
    when: downloadRule(false),
    run: (ctx) => download(ctx, false),
  },
  {
    id: 'vendor_files.download_documents',
    title: 'vendor_files.commands.download_documents',
    group,
    roles: READ_ROLES,
    scope: { resource: R, kind: 'row' },
    when: downloadRule(true),
    run: (ctx) => download(ctx, true),
  },
  ...resourceCommands<VendorFile>({ resource: R, api: '/api/vendor_files', roles: ['admin'], deleted: 'vendor_files.deleted', edit: false }),
];

export const vendorFilesLookups: Lookup[] = [];
