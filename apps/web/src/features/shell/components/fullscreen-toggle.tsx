import FullscreenExitOutlined from '@mui/icons-material/FullscreenExitOutlined';
import FullscreenOutlined from '@mui/icons-material/FullscreenOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Enters and leaves full-screen mode. */
export function FullscreenToggle() {
  const { t } = useTranslation('shell');
  const [full, setFull] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const label = full ? t('header.exitFullscreen') : t('header.enterFullscreen');
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        onClick={() => {
          if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
          else void document.documentElement.requestFullscreen?.().catch(() => {});
        }}
      >
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </IconButton>
    </Tooltip>
  );
}
