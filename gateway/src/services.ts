import type { ServiceModule, ServiceName } from '@talkwith/platform';
import { identityService } from '@talkwith/identity';
import { catalogService } from '@talkwith/catalog';
import { dialogueService } from '@talkwith/dialogue';
import { billingService } from '@talkwith/billing';
import { engagementService } from '@talkwith/engagement';
import { loggingService } from '@talkwith/logging';

/** The six services, in the order they mount (identity first: others read its tokens). */
export const services: ServiceModule[] = [
  identityService,
  catalogService,
  dialogueService,
  billingService,
  engagementService,
  loggingService,
];

/** Environment variable naming each service's base URL in distributed mode. */
export const upstreamVariable: Record<
  ServiceName,
  'IDENTITY_URL' | 'CATALOG_URL' | 'DIALOGUE_URL' | 'BILLING_URL' | 'ENGAGEMENT_URL' | 'LOGGING_URL'
> = {
  identity: 'IDENTITY_URL',
  catalog: 'CATALOG_URL',
  dialogue: 'DIALOGUE_URL',
  billing: 'BILLING_URL',
  engagement: 'ENGAGEMENT_URL',
  logging: 'LOGGING_URL',
};
