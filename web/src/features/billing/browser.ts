/** The full-page navigation of the 3-D Secure challenge, in one object so tests can watch it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The order waiting for its 3-D Secure return (SPEC.md §3 storage key talkwith-orderId). */
export const ORDER_ID_KEY = 'talkwith-orderId';

export function rememberOrder(orderId: string): void {
  try {
    sessionStorage.setItem(ORDER_ID_KEY, orderId);
  } catch {
    // The return page also reads ?order_id, so storage is only a fallback.
  }
}

export function rememberedOrder(): string | null {
  try {
    return sessionStorage.getItem(ORDER_ID_KEY);
  } catch {
    return null;
  }
}
