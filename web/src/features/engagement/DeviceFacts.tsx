import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@talkwith/proto/engagement';

/** What the form will send about the device (categories 1 and 2), shown before sending. */
export function DeviceFacts({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation('engagement');
  const unknown = t('engagement.contact.device.unknown');
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || unknown;
  const rows: [string, string][] = [
    [
      t('engagement.contact.device.type'),
      device.device_type
        ? t(`engagement.contact.device.types.${device.device_type}`, { defaultValue: device.device_type })
        : unknown,
    ],
    [t('engagement.contact.device.browser'), join(device.browser_name, device.browser_version)],
    [t('engagement.contact.device.engine'), device.engine ?? unknown],
    [t('engagement.contact.device.os'), join(device.os, device.os_version)],
  ];
  if (device.mobile_vendor || device.mobile_model)
    rows.push([t('engagement.contact.device.model'), join(device.mobile_vendor, device.mobile_model)]);
  return (
    <section className="device-facts" aria-labelledby="device-facts-title">
      <h2 id="device-facts-title" className="device-facts__title">
        {t('engagement.contact.device.title')}
      </h2>
      <p className="small muted">{t('engagement.contact.device.lead')}</p>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
