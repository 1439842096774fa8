import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../app-deps';
import { sealAuditInbox } from './audit.service';

const SEAL_EVERY_MS = 2000;

/**
 * Seals the audit inbox at start and every two seconds. Money calls write their events to the inbox and do not wait
 * for them to be sealed; a read of the audit trail seals first (sealAuditInboxNow), so nobody reads the chain without
 * them.
 */
export function startAuditSealer(app: FastifyInstance, deps: TDeps): void {
  let running: Promise<void> | null = null;
  const seal = () => {
    running ??= (async () => {
      try {
        await sealAuditInbox(deps.db);
      } catch (error) {
        deps.logger.warn({ err: error }, 'sealing the audit inbox failed; tried again shortly');
      } finally {
        running = null;
      }
    })();
  };
  app.addHook('onReady', async () => seal());
  const timer = setInterval(seal, SEAL_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
