import { AppError } from '../../http/app-error';

/**
 * A refused upload: the error names the field `file`, so `POST /request/file` answers it as a 4xx and a background
 * upload ends FAILED with the same sentence.
 */
export const refuseFile = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'UNPROCESSABLE', message: string) =>
  new AppError(code, message, { errors: [{ path: 'file', message }] });

/** A size in words: 64 MB, 512 KB. */
export function sizeInWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
