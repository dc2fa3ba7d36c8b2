import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What code deep in a request (or an event handler) may know about the work it
 * is part of, without being handed the request: its id (x-request-id). Set by
 * the http plugin for every request and by eventing for every delivery, read by
 * events.publish, so the events a request causes carry its id on.
 */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request (or of the event's request) this code runs for; undefined outside one. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` as part of request `requestId`; without an id, outside any request (a delivery must not inherit its publisher's context). */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? storage.exit(work) : storage.run({ requestId }, work);
}
