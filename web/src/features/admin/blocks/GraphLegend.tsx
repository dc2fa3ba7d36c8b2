import { Panel } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';
import { EDGE_KINDS, type EdgeKind } from './graphModel.ts';

/** What each edge colour means; folded by default so it does not cover the graph on a phone. */
export function GraphLegend() {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <Panel position="top-right">
      <details className="bg-legend">
        <summary>{t('blocks.legend')}</summary>
        <ul>
          {(Object.keys(EDGE_KINDS) as EdgeKind[]).map((kind) => (
            <li key={kind}>
              <span className="bg-legend__swatch" style={{ background: EDGE_KINDS[kind] }} />
              {t(`blocks.edge.${kind}`)}
            </li>
          ))}
        </ul>
      </details>
    </Panel>
  );
}
