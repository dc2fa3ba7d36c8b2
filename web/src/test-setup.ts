import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Node's Request (used by fetchBaseQuery) needs absolute URLs, where the browser resolves '/api/...'
// against the page; and it rejects jsdom's AbortSignal, so the signal is left out in tests.
class PageRelativeRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const { signal: _signal, ...rest } = init ?? {};
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, rest);
  }
}
globalThis.Request = PageRelativeRequest;

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
});
