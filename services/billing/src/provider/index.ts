// Scaffolding replaced by the provider area (API.md § Provider port).
import type { Platform } from '@talkwith/platform';
import type { BillingConfig } from '../config.ts';
import type { BillingArea } from '../deps.ts';
import type { PaymentProvider } from './port.ts';

export const providerArea: BillingArea = { name: 'provider', async routes() {} };

export async function providerFrom(_config: BillingConfig, _platform: Platform, _publicUrl: string): Promise<PaymentProvider> {
  throw new Error('no card provider yet');
}
