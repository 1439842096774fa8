import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/lib/save-file';

type TRecoveryCodesProps = {
  codes: string[];
  /** The account the codes belong to, written into the downloaded file. */
  account?: string;
  onDone: () => void;
  doneLabel: string;
};

/** The ten recovery codes, shown once: copy or download them, then continue. */
export function RecoveryCodes({ codes, account, onDone, doneLabel }: TRecoveryCodesProps) {
  const { t } = useTranslation('two-factor');
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  const download = () => {
    const heading = `${t('recovery.fileHeading')}${account ? ` (${account})` : ''}`;
    saveFile({ blob: new Blob([`${heading}\n\n${text}\n`], { type: 'text/plain' }), fileName: null }, 'tarang-recovery-codes.txt');
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('recovery.once')}</Alert>
      <Box
        component="ol"
        aria-label={t('recovery.listLabel')}
        data-testid="recovery-codes"
        sx={{ m: 0, pl: 4, columns: 2, fontFamily: 'monospace', fontSize: '1.05rem', lineHeight: 1.9 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('recovery.howToUse')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={copy}>
          {copied ? t('recovery.copied') : t('recovery.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('recovery.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
