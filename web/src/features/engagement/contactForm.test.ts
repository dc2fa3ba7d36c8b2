import { describe, expect, it } from 'vitest';
import * as contract from '@talkwith/proto/engagement';
import {
  CONTACT_CATEGORIES,
  DEVICE_CATEGORIES,
  contactBody,
  contactProblems,
  type ContactDraft,
} from './contactForm.ts';

const draft = (fields: Partial<ContactDraft> = {}): ContactDraft => ({
  category: 0,
  email: 'a@example.jp',
  name: '',
  message: '質問です。',
  ...fields,
});

describe('contactForm', () => {
  it("categories, copied for the bundle, are the contract's", () => {
    expect(CONTACT_CATEGORIES).toEqual(contract.CONTACT_CATEGORIES);
    expect(DEVICE_CATEGORIES).toEqual(contract.DEVICE_CATEGORIES);
  });

  it('contactProblems, a complete draft, finds none', () => {
    expect(contactProblems(draft())).toEqual({});
  });

  it('contactProblems, blanks only, are missing', () => {
    expect(contactProblems(draft({ category: null, email: '  ', message: ' \n ' }))).toEqual({
      category: 'required',
      email: 'required',
      message: 'required',
    });
  });

  it('contactProblems, an address without a domain or with spaces, is invalid', () => {
    expect(contactProblems(draft({ email: 'a@b' })).email).toBe('invalid');
    expect(contactProblems(draft({ email: 'a b@example.jp' })).email).toBe('invalid');
  });

  it("contactProblems, over the contract's lengths, is too long", () => {
    expect(contactProblems(draft({ message: 'x'.repeat(5001), name: 'n'.repeat(101) }))).toEqual({
      message: 'tooLong',
      name: 'tooLong',
    });
  });

  it('contactBody, a bug report, carries the device; feedback does not', () => {
    const device = { browser_name: 'Safari' };
    expect(contactBody('contact_dev', { ...draft(), category: 2 }, device)).toEqual({
      channel: 'contact_dev',
      category: 2,
      email: 'a@example.jp',
      message: '質問です。',
      device,
    });
    expect(contactBody('contact', { ...draft({ name: '  花子 ' }), category: 5 }, device)).toEqual({
      channel: 'contact',
      category: 5,
      email: 'a@example.jp',
      name: '花子',
      message: '質問です。',
    });
  });
});
