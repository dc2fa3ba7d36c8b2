/**
 * A signed call to VeriTrans4G's REST API. The secret key only goes into the
 * hash: it is never sent, logged or put in an error. A call not answered
 * within the time limit rejects ProviderTimeoutError (outcome unknown).
 */
import { Value } from '@sinclair/typebox/value';
import { VtReply } from '@talkwith/proto/billing';
import { ProviderRequestError, ProviderTimeoutError } from '../port.ts';
import { authHashOf, type MerchantCredentials } from './sign.ts';

export type VtResult = VtReply['result'];

export interface VeritransClientOptions {
  /** API origin (VERITRANS_URL), or the sandbox's `/api/payment/sandbox/vtid` in tests. */
  baseUrl: string;
  credentials: MerchantCredentials;
  timeoutMs: number;
}

export class VeritransClient {
  private readonly options: VeritransClientOptions;
  constructor(options: VeritransClientOptions) {
    this.options = { ...options, baseUrl: options.baseUrl.replace(/\/$/, '') };
  }

  /** POSTs `{params, authHash}`; `orderId` names the order whose outcome is unknown when no answer comes. */
  async call(path: string, params: Record<string, unknown>, orderId?: string): Promise<VtResult> {
    const signed = {
      ...params,
      txnVersion: '2.0.0',
      dummyRequest: '0',
      merchantCcid: this.options.credentials.merchantCcid,
    };
    const body = JSON.stringify({ params: signed, authHash: authHashOf(this.options.credentials, signed) });
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal,
      });
      const json: unknown = await response.json().catch(() => undefined);
      if (Value.Check(VtReply, json)) return json.result;
      // An answer we cannot read (a proxy's error page, a 5xx) may follow a charge: unknown, like no answer.
      if (orderId) throw new ProviderTimeoutError(orderId, `HTTP ${response.status}`);
      throw new ProviderRequestError(`カード決済サービスの応答を読めませんでした (HTTP ${response.status})。`);
    } catch (err) {
      if (err instanceof ProviderRequestError || err instanceof ProviderTimeoutError) throw err;
      // Sent or not, the provider may have acted: only a search by orderId can tell.
      if (orderId) throw new ProviderTimeoutError(orderId, err instanceof Error ? err.name : undefined);
      throw new ProviderRequestError('カード決済サービスに接続できませんでした。');
    }
  }
}

/**
 * Our reading of VeriTrans4G's result codes (the first four characters say
 * what happened): codes starting with "M" refuse the request itself (bad
 * parameter, token, authHash, unknown order or card); any other failure is
 * the card's outcome (declined, 3-D Secure failed).
 */
export function refusedRequest(result: VtResult): boolean {
  return result.mstatus === 'failure' && result.vResultCode.startsWith('M');
}

export function throwIfRefused(result: VtResult): void {
  if (refusedRequest(result))
    throw new ProviderRequestError(
      result.merchMsg ?? 'カード決済サービスが要求を受け付けませんでした。',
      result.vResultCode,
    );
}
