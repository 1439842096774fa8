import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TFileDropZoneProps = {
  file: File | null;
  onFile: (file: File) => void;
  accept: string;
  disabled?: boolean;
};

/** A file picker that also takes a file dropped on it. */
export function FileDropZone({ file, onFile, accept, disabled = false }: TFileDropZoneProps) {
  const { t } = useTranslation('sims');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  return (
    <Box
      component="label"
      htmlFor={id}
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="file-drop-zone"
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        p: 3,
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 2,
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        cursor: disabled ? 'default' : 'pointer',
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <UploadFileOutlined color={file ? 'primary' : 'action'} sx={{ fontSize: 40 }} />
      <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{file ? file.name : t('upload.dropHere')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {file ? t('upload.fileSize', { size: formatBytes(file.size) }) : t('upload.formats')}
      </Typography>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-label={t('upload.chooseFile')}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onFile(chosen);
          e.target.value = '';
        }}
      />
    </Box>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
