/**
 * The labels of a support ticket's fields as the ticket stepper of console-core §3 names them: the equipment
 * screen's stepper writes a ticket with them, the support tickets screen (back-office §3) shows one with them.
 */
export const TICKET_FIELD_TEXTS = {
  model: 'Model',
  techOnSite: 'Tech On Site',
  disposition: 'Disposition',
  inService: 'In Service',
  description: 'Description',
  circumstance: 'Circumstance',
  issueStartedOn: 'Issue Started On',
  environment: 'Environment',
  exhibitingNow: 'Exhibiting Now',
  reproducible: 'Reproducible',
  attemptedResolution: 'Attempted Resolution',
  componentsReplaced: 'Components Replaced',
  other: 'Other',
} as const;
