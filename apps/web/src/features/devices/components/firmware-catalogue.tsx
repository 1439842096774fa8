import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import MemoryOutlined from '@mui/icons-material/MemoryOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type TFirmware, ZFirmwareCreate, ZFirmwareUpdate } from '@tarang/shared/devices/firmware.schemas';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDate } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useCreateFirmware } from '../api/create-firmware';
import { useDeleteFirmware } from '../api/delete-firmware';
import { useFirmware } from '../api/get-firmware';
import { useUpdateFirmware } from '../api/update-firmware';
import { useDeviceMessages } from '../utils/messages';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;

/** Staff who keep the catalogue: the device module's Update Firmware, in the provider's own organisation. */
export function useCanKeepFirmware() {
  const { user } = useSignedIn();
  return useCan('device', 'updateFirmware') && user.organization === null;
}

/** The page's button that opens the catalogue, for staff who keep it (others only choose from it in Update Firmware). */
export function FirmwareCatalogueButton() {
  const { t } = useTranslation('devices');
  const canKeep = useCanKeepFirmware();
  const [open, setOpen] = useState(false);
  if (!canKeep) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<MemoryOutlined />} onClick={() => setOpen(true)}>
        {t('catalogue.open')}
      </Button>
      {open && <FirmwareCatalogueDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The firmware catalogue (staff): each make and model's versions, newest first, with release notes and the file's
 * SHA-256; Publish firmware, edit a version's release notes, withdraw a version. The version and checksum stay as
 * published: a changed file is a new version.
 */
export function FirmwareCatalogueDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('devices');
  const messages = useDeviceMessages();
  const { failure, success } = messages;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [publishing, setPublishing] = useState(false);
  const [editing, setEditing] = useState<TFirmware | null>(null);
  const { mutateAsync: withdraw } = useDeleteFirmware();

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'make', label: t('fields.make'), maxLength: 80, width: 200 },
      { kind: 'text', key: 'model', label: t('fields.model'), maxLength: 80, width: 200 },
    ],
    [t],
  );
  const list = useListController({ paging: 'pages', filters, syncWithLocation: false });
  const query = useFirmware({
    page: list.pageParams.page,
    limit: list.pageParams.limit,
    make: list.filter.make,
    model: list.filter.model,
  });

  const columns = useMemo(
    (): TListColumn<TFirmware>[] => [
      {
        field: 'version',
        header: t('catalogue.version'),
        width: 150,
        value: (f) => `${f.make} ${f.model} ${f.version}`,
        render: (f) => (
          <span>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
              {f.version}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {`${f.make} ${f.model}`}
            </Typography>
          </span>
        ),
      },
      {
        field: 'releaseNotes',
        header: t('firmware.releaseNotes'),
        minWidth: 180,
        flex: 1,
        value: (f) => f.releaseNotes || '—',
        render: (f) => <span title={f.releaseNotes}>{f.releaseNotes || '—'}</span>,
      },
      {
        field: 'checksum',
        header: t('firmware.checksum'),
        width: 180,
        value: (f) => f.checksum,
        render: (f) => (
          <Typography component="span" variant="body2" sx={MONO} title={f.checksum}>
            {`${f.checksum.slice(0, 12)}…`}
          </Typography>
        ),
      },
      { field: 'createdAt', header: t('catalogue.published'), width: 110, value: (f) => formatDate(f.createdAt) },
    ],
    [t],
  );

  const actions = useMemo(
    (): TRowAction<TFirmware>[] => [
      {
        key: 'notes',
        label: t('catalogue.editNotes'),
        name: (f) => t('catalogue.editNotesNamed', { name: `${f.make} ${f.model} ${f.version}` }),
        icon: <EditNoteOutlined fontSize="small" />,
        run: (f) => setEditing(f),
      },
      {
        key: 'withdraw',
        label: t('catalogue.withdraw'),
        name: (f) => t('catalogue.withdrawNamed', { name: `${f.make} ${f.model} ${f.version}` }),
        icon: <DeleteOutlined fontSize="small" />,
        color: 'error',
        confirm: (f) => ({
          title: t('catalogue.withdrawTitle'),
          text: t('catalogue.withdrawText', { name: `${f.make} ${f.model} ${f.version}` }),
          confirmLabel: t('catalogue.withdraw'),
          danger: true,
        }),
        run: async (f) => success((await withdraw(f.id)).message, 'firmwareWithdrawn'),
      },
    ],
    [t, withdraw, success],
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('catalogue.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('catalogue.text')}
        </Typography>
        <ListScreen
          resource="devices"
          id="firmware"
          label={t('catalogue.title')}
          noRows={t('catalogue.noRows')}
          list={list}
          query={query}
          columns={columns}
          actions={actions}
          failure={failure}
          toolbar={
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setPublishing(true)}>
              {t('catalogue.publish')}
            </Button>
          }
          data-testid="firmware-catalogue"
        >
          {publishing && <PublishFirmwareDialog onClose={() => setPublishing(false)} />}
          {editing && <ReleaseNotesDialog firmware={editing} onClose={() => setEditing(null)} />}
        </ListScreen>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

const EMPTY = { make: '', model: '', version: '', releaseNotes: '', checksum: '' };

/** Publish firmware: make, model, version, release notes and the file's SHA-256 (64 hexadecimal characters, checked here first). */
export function PublishFirmwareDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('devices');
  const messages = useDeviceMessages();
  const create = useCreateFirmware();
  const form = useSchemaForm(ZFirmwareCreate, { defaultValues: EMPTY });
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('catalogue.publishTitle')}
      text={t('catalogue.publishText')}
      submitLabel={t('catalogue.publishSubmit')}
      onClose={onClose}
      onSubmit={async (values) => {
        const { message } = await create.mutateAsync(values);
        notify.success(messages.success(message, 'firmwarePublished'));
        onClose();
      }}
    >
      <FormTextField name="make" label={t('fields.make')} required fullWidth />
      <FormTextField name="model" label={t('fields.model')} required fullWidth />
      <FormTextField name="version" label={t('catalogue.version')} required fullWidth hint={t('catalogue.versionHint')} />
      <FormTextField
        name="checksum"
        label={t('firmware.checksum')}
        required
        fullWidth
        hint={t('catalogue.checksumHint')}
        inputProps={{ spellCheck: false, autoCapitalize: 'none', style: MONO }}
      />
      <FormTextField name="releaseNotes" label={t('firmware.releaseNotes')} fullWidth multiline minRows={3} />
    </FormDialog>
  );
}

/** Edit the release notes of a version (the version and checksum stay as published). */
function ReleaseNotesDialog({ firmware, onClose }: { firmware: TFirmware; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const messages = useDeviceMessages();
  const update = useUpdateFirmware();
  const form = useSchemaForm(ZFirmwareUpdate, { defaultValues: { releaseNotes: firmware.releaseNotes } });
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('catalogue.notesTitle', { name: `${firmware.make} ${firmware.model} ${firmware.version}` })}
      text={t('catalogue.notesText')}
      submitLabel={t('actions.save')}
      onClose={onClose}
      onSubmit={async ({ releaseNotes }) => {
        const { message } = await update.mutateAsync({ id: firmware.id, releaseNotes });
        notify.success(messages.success(message, 'firmwareSaved'));
        onClose();
      }}
    >
      <FormTextField name="releaseNotes" label={t('firmware.releaseNotes')} fullWidth multiline minRows={4} autoFocus />
    </FormDialog>
  );
}
