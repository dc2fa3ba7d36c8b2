import type { ContactStatus, DeviceInfo } from '@talkwith/proto/engagement';

/** How the contact screens show states and device fields (labels are keys of the `engagement.contacts` texts). */

export const CONTACT_STATUSES: ContactStatus[] = ['new', 'in_progress', 'answered'];
export const isContactStatus = (value: string): value is ContactStatus => CONTACT_STATUSES.some((s) => s === value);

export const STATUS_TONE: Record<ContactStatus, 'alert' | 'warn' | 'on'> = {
  new: 'alert',
  in_progress: 'warn',
  answered: 'on',
};

/** The device fields in the order support reads them: what it is, then the flags. */
export const DEVICE_FIELDS: (keyof DeviceInfo)[] = [
  'device_type',
  'os',
  'os_version',
  'browser_name',
  'browser_version',
  'engine',
  'mobile_vendor',
  'mobile_model',
  'user_agent',
  'is_mobile',
  'is_tablet',
  'is_desktop',
  'is_ios',
  'is_chrome',
  'is_firefox',
  'is_safari',
  'is_opera',
  'is_ie',
  'is_edge',
  'is_samsung',
];
