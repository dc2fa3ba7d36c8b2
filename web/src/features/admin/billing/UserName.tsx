import { useAdminBase } from '../AdminBase.tsx';
import { useAdminUserByIdQuery } from './billingAdminApi.ts';
import { ShortId } from './ShortId.tsx';

/**
 * An operator or customer by nickname, else e-mail (the id on hover); the
 * (shortened) id while unknown or for an account that is gone. Each account is
 * asked once and cached, so a page of 20 rows of one customer asks once.
 */
export function UserName({ id }: { id: string }) {
  const { apiBase } = useAdminBase();
  const { data } = useAdminUserByIdQuery({ base: apiBase, userId: id }, { skip: !id });
  const name = data?.user.nickname || data?.user.email;
  return name ? <span title={id}>{name}</span> : <ShortId id={id} />;
}
