import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import {
  useAdminGiveTicketsMutation,
  useAdminRemoveTicketsMutation,
  useAdminUserTicketsQuery,
} from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import { EntryTable, LotTable } from './LedgerTables.tsx';
import { LedgerOperation } from './LedgerOperation.tsx';
import { Pager } from './Pager.tsx';

/** A user's talk tickets: lots with what remains and until when, the history (追加/使用/失効/取消), give and remove. */
export function UserTicketsTab({ userId }: { userId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useAdminUserTicketsQuery({ base: apiBase, userId, page });
  const [give] = useAdminGiveTicketsMutation();
  const [remove] = useAdminRemoveTicketsMutation();
  return (
    <>
      <Card>
        {isFetching && !data && <Spinner label={t('billing.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
        {data && (
          <>
            <p className="billing-total">{t('billing.ledger.ticketTotal', { n: data.talk_tickets })}</p>
            <LotTable lots={data.lots} unit="tickets" />
          </>
        )}
      </Card>
      <div className="billing-operations">
        <Card>
          <LedgerOperation
            texts="giveTickets"
            send={(move, key) => give({ base: apiBase, userId, ...move, idempotencyKey: key }).unwrap()}
          />
        </Card>
        <Card>
          <LedgerOperation
            texts="removeTickets"
            danger
            send={(move, key) => remove({ base: apiBase, userId, ...move, idempotencyKey: key }).unwrap()}
          />
        </Card>
      </div>
      {data && (
        <Card>
          <h3 className="billing-subtitle">{t('billing.ledger.history')}</h3>
          <EntryTable entries={data.entries} />
          <Pager page={page} total={data.total} onPage={setPage} />
        </Card>
      )}
    </>
  );
}
