import path from 'node:path';
import type { TConfig } from '../../config';

/** Limits of the SIM bulk upload, from the environment (defaults in brackets). */
export type TSimsConfig = {
  /** Largest file accepted (TARANG_SIM_UPLOAD_MAX_BYTES, 200 MB). */
  uploadMaxBytes: number;
  /** Largest total an XLSX may unpack to (TARANG_SIM_UPLOAD_MAX_UNPACKED_BYTES, 1.5 GB). */
  unpackedMaxBytes: number;
  /** Largest unpacked/packed ratio of one XLSX part over 1 MB (TARANG_SIM_UPLOAD_MAX_RATIO, 200). */
  zipMaxRatio: number;
  /** Where uploads and rejected-row files are kept: `<data dir>/uploads`. */
  uploadDir: string;
};

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function loadSimsConfig(config: TConfig, env: NodeJS.ProcessEnv = process.env): TSimsConfig {
  return {
    uploadMaxBytes: positive(env, 'TARANG_SIM_UPLOAD_MAX_BYTES', 200 * 1024 * 1024),
    unpackedMaxBytes: positive(env, 'TARANG_SIM_UPLOAD_MAX_UNPACKED_BYTES', 1536 * 1024 * 1024),
    zipMaxRatio: positive(env, 'TARANG_SIM_UPLOAD_MAX_RATIO', 200),
    uploadDir: path.join(config.dataDir, 'uploads'),
  };
}
