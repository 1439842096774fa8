import { createMessages } from '@/lib/i18n/server-messages';

/** What the server and the shared schemas say about the audit trail, by its English text, in the reader's language. */
export const useAuditMessages = createMessages('audit-trail', {
  texts: {
    'Organisation not found': 'organizationNotFound',
    'organizationId: Organisation not found': 'organizationNotFound',
    'to must not be before from': 'toBeforeFrom',
    'toSeq must not be below fromSeq': 'toSeqBelowFromSeq',
    'Give fromSeq (1 for the whole chain) or toSeq': 'rangeRequired',
    'must be a whole number of at least 1': 'wholeNumber',
    'is beyond any event': 'beyondAnyEvent',
    'action takes a star only at its end, for a prefix': 'actionStar',
    'A verification of the audit chain is already running; try again when it has finished': 'verifyRunning',
    'This is for platform staff': 'staffOnly',
  },
});
