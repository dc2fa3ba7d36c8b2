import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CopyPlanTarget, CopyPreviewReply, OutsideReference } from '@talkwith/proto/catalog';
import { Notice } from '../../../app/ui.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { fieldLabel } from '../versions/fieldLabels.ts';

/** `hit_words[0].block_id` → 「ヒットワード 1」; `listen_next_block` → its label. */
function fieldInWords(t: TFunction<'admin'>, field: string): string {
  const [, name = field, index] = /^(\w+)(?:\[(\d+)\])?/.exec(field) ?? [];
  const label = fieldLabel(t, 'block', name);
  return index === undefined ? label : `${label} ${Number(index) + 1}`;
}

type NameOf = (blockId: string) => string;

/** The server's plan of a copy, target by target; nothing here decides anything. */
export function CopyPlanView({ plan, blockName }: { plan: CopyPreviewReply; blockName: NameOf }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <section className="bc-plan" aria-label={t('blockCopy.planTitle')}>
      <h3 className="bc-plan__title">{t('blockCopy.planTitle')}</h3>
      {plan.targets.length === 0 && <Notice kind="info">{t('blockCopy.noTargets')}</Notice>}
      {!plan.can_copy && <Notice kind="error">{t('blockCopy.collisionsRefuse')}</Notice>}
      {plan.targets.map((target) => (
        <TargetPlan key={target.character_id} target={target} blockName={blockName} />
      ))}
    </section>
  );
}

function TargetPlan({ target, blockName }: { target: CopyPlanTarget; blockName: NameOf }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <article className={`bc-target${target.collisions.length > 0 ? ' bc-target--refused' : ''}`}>
      <h4 className="bc-target__name" title={target.character_id}>
        {target.name}
      </h4>
      <dl className="bc-target__facts">
        <dt>{t('blockCopy.blocks')}</dt>
        <dd>{target.blocks.map(blockName).join('、')}</dd>
        <dt>{t('blockCopy.videos')}</dt>
        <dd>{target.videos.length === 0 ? t('blockCopy.nothing') : target.videos.map((v) => v.title).join('、')}</dd>
        <dt>{t('blockCopy.subtitles')}</dt>
        <dd>{target.subtitles.length === 0 ? t('blockCopy.nothing') : target.subtitles.join('、')}</dd>
      </dl>
      {target.collisions.length > 0 && (
        <ul className="bc-target__collisions" aria-label={t('blockCopy.collisions')}>
          {target.collisions.map((c) => (
            <li key={`${c.kind}:${c.id}`}>
              {t(c.kind === 'block' ? 'blockCopy.collisionBlock' : 'blockCopy.collisionVideo', {
                name: c.kind === 'block' ? blockName(c.id) : (target.videos.find((v) => v.id === c.id)?.title ?? c.id),
              })}
            </li>
          ))}
        </ul>
      )}
      <OutsideList refs={target.outside_references} blockName={blockName} />
    </article>
  );
}

function OutsideList({ refs, blockName }: { refs: OutsideReference[]; blockName: NameOf }) {
  const { t } = useTranslation(ADMIN_NS);
  if (refs.length === 0) return <p className="muted small">{t('blockCopy.noOutside')}</p>;
  return (
    <>
      <p className="small">{t('blockCopy.outsideLead')}</p>
      <ul className="bc-target__outside">
        {refs.map((ref) => (
          <li key={`${ref.block_id}:${ref.field}:${ref.id}`} className={`bc-ref bc-ref--${ref.resolution}`}>
            {t(ref.resolution === 'kept' ? 'blockCopy.refKept' : 'blockCopy.refCleared', {
              block: blockName(ref.block_id),
              field: fieldInWords(t, ref.field),
              target: blockName(ref.id),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
