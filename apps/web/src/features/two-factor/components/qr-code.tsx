import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

type TQrCodeProps = { value: string; label: string; size?: number };

/** A QR code of `value`, drawn in the browser as SVG (the key never leaves it for an image service). */
export function QrCode({ value, label, size = 200 }: TQrCodeProps) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((drawn) => {
      if (live) setSvg(drawn);
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <CircularProgress aria-label={label} />;
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
      data-testid="two-factor-qr"
      sx={{ bgcolor: '#fff', borderRadius: 1, display: 'block' }}
    />
  );
}
