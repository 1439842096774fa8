import { createMessages } from '@/lib/i18n/server-messages';

/**
 * What the form's checks and the server say about tickets (a field refused, a change not allowed, a file refused), by
 * its English text, so a Hindi reader sees it in Hindi. English shows the server's words as they are.
 */
export const useTicketMessages = createMessages('tickets', {
  texts: {
    'Give the subject': 'subjectNeeded',
    'subject must be at most 200 characters': 'subjectTooLong',
    'Write the message': 'bodyNeeded',
    'The message must be at most 10,000 characters': 'bodyTooLong',
    'Choose the category': 'categoryNeeded',
    'Choose the priority': 'priorityNeeded',
    'Choose the organisation': 'organizationNeeded',
    'A ticket is about at most 50 SIMs': 'tooManySims',
    'ICCID must contain digits only': 'iccidDigits',
    'ICCID must be 19 or 20 digits': 'iccidLength',
    'ICCID must start with 89': 'iccidPrefix',
    'ICCID check digit is wrong': 'iccidCheckDigit',
    'Staff raise a ticket for an organisation: give organizationId': 'organizationNeeded',
    'Ticket not found': 'ticketNotFound',
    'SIM not found': 'simNotFound',
    'Request not found': 'requestNotFound',
    'Attachment not found': 'attachmentNotFound',
    'Only staff change the priority or the assignee': 'staffOnly',
    'An organisation resolves, closes or reopens its ticket; staff set the rest': 'organizationStatuses',
    'The assignee must be an active staff user who works tickets': 'assigneeNotStaff',
    'The ticket is closed: reopen it to write in it': 'closedNoReply',
    'The ticket is closed: reopen it to attach files': 'closedNoFile',
    'The file is empty': 'fileEmpty',
    'Attach a PNG, JPEG, PDF, CSV or XLSX file': 'fileType',
    'Attach a file': 'fileMissing',
    'Ticket raised': 'raised',
    'Ticket saved': 'saved',
    'Reply sent': 'replySent',
    'File attached': 'fileAttached',
  },
  patterns: [
    { pattern: /^SIM (?<iccid>\d+) not found$/, key: 'simNumberNotFound' },
    { pattern: /^A ticket holds at most (?<max>\d+) attachments$/, key: 'tooManyFiles' },
    { pattern: /^The file is larger than (?<size>.+)$/, key: 'fileTooLarge' },
    {
      pattern: /^The file's content is (?<type>\w+), but its name says \.(?<extension>.+): name it \.(?<expected>\w+)$/,
      key: 'fileTypeDiffers',
    },
  ],
});
