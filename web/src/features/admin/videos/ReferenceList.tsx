import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VideoReference } from '@talkwith/proto/catalog';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';

/** Where a clip is used (a block's field, the setting, a character-level list), linked to the block or the settings page. */
export function ReferenceList({ characterId, references }: { characterId: string; references: VideoReference[] }) {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const root = `${basePath}/characters/${encodeURIComponent(characterId)}`;
  if (references.length === 0) return null;
  return (
    <ul className="references">
      {references.map((ref, index) => (
        <li key={`${ref.kind}-${ref.block_id ?? ''}-${ref.field}-${index}`}>
          {ref.kind === 'block' ? (
            // A block's reference always names its block; without one, the blocks page is still the place to look.
            <Link to={`${root}/blocks${ref.block_id ? `?block=${encodeURIComponent(ref.block_id)}` : ''}`}>
              {t('videos.usedByBlock', { block: ref.block_id ?? '—', field: ref.field })}
            </Link>
          ) : (
            <Link to={`${root}/initialSetting`}>{t(`videos.usedBy.${ref.kind}`, { field: ref.field })}</Link>
          )}
        </li>
      ))}
    </ul>
  );
}
