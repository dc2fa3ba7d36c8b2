import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CharacterFault } from '@talkwith/proto/catalog';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { faultLinkOf } from './CharacterNav.tsx';

/** Every fault of validateCharacter, in the server's Japanese, each with a link to the block or clip concerned. */
export function FaultList({ characterId, faults }: { characterId: string; faults: CharacterFault[] }) {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  return (
    <ul className="fault-list" aria-label={t('characters.faults', { n: faults.length })}>
      {faults.map((fault, index) => {
        const link = faultLinkOf(basePath, characterId, fault);
        return (
          <li key={`${fault.code}-${fault.blockId ?? ''}-${fault.videoId ?? ''}-${index}`}>
            <span>{fault.message}</span>
            {link && (
              <Link to={link}>
                {fault.blockId
                  ? t('characters.openBlock', { id: fault.blockId })
                  : t('characters.openVideo', { id: fault.videoId })}
              </Link>
            )}
            <code>{fault.code}</code>
          </li>
        );
      })}
    </ul>
  );
}
