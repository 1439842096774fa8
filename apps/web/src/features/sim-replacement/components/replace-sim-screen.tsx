import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReplaceFileDialog } from './replace-file-dialog';
import { ReplaceSimForm } from './replace-sim-form';
import { ReplacementsTable } from './replacements-table';

/** The "Replace from a file" button of the page's header, with its dialog. */
export function ReplaceFromFileButton() {
  const { t } = useTranslation('sim-replacement');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setOpen(true)}>
        {t('actions.fromFile')}
      </Button>
      {open && <ReplaceFileDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** Replace Sim: one pair by hand, and the replacements made so far. */
export function ReplaceSimScreen() {
  return (
    <Stack spacing={3}>
      <ReplaceSimForm />
      <ReplacementsTable />
    </Stack>
  );
}
