import type { Logger } from 'pino';
import type { TConfig } from './config';
import type { TDb } from './db/database';
import type { TAccessTokenSigner } from './modules/auth/tokens';
import type { TMessenger } from './modules/outbox/messenger';
import type { TWorker } from './modules/queue/queue';

/** What services need from the running server; built once in app.ts and passed down. */
export type TDeps = {
  db: TDb;
  config: TConfig;
  logger: Logger;
  accessTokens: TAccessTokenSigner;
  messenger: TMessenger;
  /** This process's queue worker (started on listen when TARANG_WORKERS > 0). */
  worker: TWorker;
};
