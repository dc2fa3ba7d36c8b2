/**
 * The card number, expiry and security code go from the browser straight to
 * the card provider's token endpoint (VeriTrans4G MDK token API; the sandbox
 * serves the same API under /api/payment/sandbox/tokens). Billing only ever
 * receives the one-time token. Nothing here is logged or stored.
 */

/** Where the token is asked for: billing names it (GET /api/payment/token_endpoint). */
export interface TokenEndpoint {
  url: string;
  tokenApiKey: string;
}

/** SPEC.md §9: the provider's SDK gives up after 60 seconds. */
export const TOKEN_TIMEOUT_MS = 60_000;

export interface CardInput {
  number: string;
  expiry: string;
  securityCode: string;
}

/** What the provider answers (MDK token API). */
interface TokenAnswer {
  status?: string;
  token?: string;
  code?: string;
  message?: string;
}

export class CardTokenError extends Error {
  readonly reason: 'invalid' | 'timeout' | 'network';
  constructor(reason: 'invalid' | 'timeout' | 'network', message?: string) {
    super(message ?? reason);
    this.reason = reason;
    this.name = 'CardTokenError';
  }
}

/** 'MM/YY' as typed (also 'MMYY', 'MM / YY'). */
export function normalizeExpiry(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 4 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : value.trim();
}

export async function fetchCardToken(
  card: CardInput,
  endpoint: TokenEndpoint,
  timeoutMs = TOKEN_TIMEOUT_MS,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const request = new Request(new URL(endpoint.url, window.location.href), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // No credentials: the provider's host is another site and must not get our cookies.
      credentials: 'omit',
      body: JSON.stringify({
        card_number: card.number.replace(/[\s-]/g, ''),
        card_expire: normalizeExpiry(card.expiry),
        security_code: card.securityCode.trim(),
        token_api_key: endpoint.tokenApiKey,
        lang: 'ja',
      }),
    });
    const response = await fetch(request, { signal: controller.signal });
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (response.ok && answer.status === 'success' && answer.token) return answer.token;
    throw new CardTokenError('invalid', answer.message);
  } catch (error) {
    if (error instanceof CardTokenError) throw error;
    throw new CardTokenError(controller.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
}
