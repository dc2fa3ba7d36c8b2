/**
 * The last step of a console breadcrumb: the name a person reads (an address,
 * a product, a coupon), the id on hover. While the name is still loading
 * (`pending`) a placeholder stands in, so an id never flashes up first; the id
 * itself shows only when there is no name (a deleted account, a failed load).
 */
export function TrailName({ id, name, pending = false }: { id: string; name?: string | null; pending?: boolean }) {
  if (name) return <span title={id}>{name}</span>;
  if (pending)
    return (
      <span title={id} aria-busy="true">
        …
      </span>
    );
  return <code title={id}>{id}</code>;
}
