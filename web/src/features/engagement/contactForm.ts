import type { ContactBody, ContactCategory, ContactChannel, DeviceInfo } from '@talkwith/proto/engagement';

/** The contact form as typed (SPEC.md §9 categories; the contract's limits, proto ContactBody). */
export interface ContactDraft {
  category: ContactCategory | null;
  email: string;
  name: string;
  message: string;
}

export const MESSAGE_MAX = 5000;
export const NAME_MAX = 100;

/**
 * The contract's CONTACT_CATEGORIES and DEVICE_CATEGORIES (SPEC.md §9), typed by
 * it and checked equal by contactForm.test.ts: importing the values from proto
 * would load TypeBox and the schemas into this consumer chunk (~47 kB).
 */
export const CONTACT_CATEGORIES: readonly ContactCategory[] = [0, 1, 2, 3, 4, 5];
export const DEVICE_CATEGORIES: readonly ContactCategory[] = [1, 2];

export type ContactProblems = Partial<
  Record<'category' | 'email' | 'name' | 'message', 'required' | 'invalid' | 'tooLong'>
>;

/** A plain address check; the server checks again (format email). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function contactProblems(draft: ContactDraft): ContactProblems {
  const problems: ContactProblems = {};
  if (draft.category === null) problems.category = 'required';
  const email = draft.email.trim();
  if (!email) problems.email = 'required';
  else if (email.length > 254 || !EMAIL.test(email)) problems.email = 'invalid';
  if (draft.name.trim().length > NAME_MAX) problems.name = 'tooLong';
  if (!draft.message.trim()) problems.message = 'required';
  else if (draft.message.length > MESSAGE_MAX) problems.message = 'tooLong';
  return problems;
}

/** Categories 1 (during a dialogue) and 2 (bug) also send the device information. */
export const sendsDevice = (category: ContactCategory | null) =>
  category !== null && DEVICE_CATEGORIES.includes(category);

export function contactBody(
  channel: ContactChannel,
  draft: ContactDraft & { category: ContactCategory },
  device: DeviceInfo,
): ContactBody {
  const name = draft.name.trim();
  return {
    channel,
    category: draft.category,
    email: draft.email.trim(),
    message: draft.message,
    ...(name ? { name } : {}),
    ...(sendsDevice(draft.category) ? { device } : {}),
  };
}
