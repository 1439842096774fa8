import { createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { newId } from '@tarang/shared/common/ids';
import { hasControlCharacter } from '@tarang/shared/common/text';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const FILE_NAME_MAX = 255;

export type TReceivedFile = { tmpPath: string; fileName: string; size: number };

function tooLarge(limit: number) {
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
  const message = `The file is larger than ${size}`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { errors: [{ path: 'file', message }] });
}

/**
 * A body that is not a complete multipart message (no boundary, cut short, a broken part header) is the client's
 * error: a 400 naming `file`. Errors of the disk the file is written to (they carry a `syscall`) stay server errors.
 */
function malformedUpload(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error) || 'syscall' in error) return error;
  const message = 'The upload is not a complete multipart/form-data body; send the file again';
  return new AppError('MALFORMED_BODY', `file: ${message}`, { errors: [{ path: 'file', message }] });
}

/**
 * Writes the multipart field "file" of a request to `<dir>/<id>.part` as it arrives (never whole in memory), refusing
 * a body that is not multipart, a missing file and a file over `maxBytes` (the route's multipart limit) with a 4xx
 * naming `file`. The caller owns the written file and removes it.
 */
export async function receiveFile(request: FastifyRequest, dir: string, maxBytes: number): Promise<TReceivedFile> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in the field "file"');
  }
  const part = await request.file({ limits: { fileSize: maxBytes } }).catch((error: unknown) => {
    throw malformedUpload(error);
  });
  if (part?.fieldname !== 'file') {
    throw new AppError('VALIDATION_FAILED', 'file: Attach the file in the field "file"', {
      errors: [{ path: 'file', message: 'Attach a file' }],
    });
  }
  // The name is kept with what the file made: it follows the contract's text rule like any other text.
  if (hasControlCharacter(part.filename ?? '') || (part.filename ?? '').length > FILE_NAME_MAX) {
    const message = `The file name must be at most ${FILE_NAME_MAX} characters, without control characters`;
    throw new AppError('VALIDATION_FAILED', `file: ${message}`, { errors: [{ path: 'file', message }] });
  }
  await mkdir(dir, { recursive: true });
  const tmpPath = path.join(dir, `${newId()}.part`);
  try {
    await pipeline(part.file, createWriteStream(tmpPath));
  } catch (error) {
    await unlink(tmpPath).catch(() => {});
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw tooLarge(maxBytes);
    throw malformedUpload(error);
  }
  if (part.file.truncated) {
    await unlink(tmpPath).catch(() => {});
    throw tooLarge(maxBytes);
  }
  const { size } = await stat(tmpPath);
  return { tmpPath, fileName: part.filename || 'upload', size };
}
